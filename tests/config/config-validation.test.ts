import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../src/contract/schema-files.ts';
import { JOURNEY_NEEDS, LAYOUT_NAMES, SCREEN_NAMES } from '../../src/engine/config-types.ts';
import { validateConfigTexts } from '../../scripts/lib/config-validation.ts';
import { configTexts, editConfig, must, problemsOf, reportOf } from '../support/config.ts';

const valid = configTexts();

function writeConfigDir(texts: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-config-'));
  for (const [file, text] of Object.entries(texts)) writeFileSync(path.join(dir, file), text);
  return dir;
}

test('the project config is valid', () => {
  expect(problemsOf(valid)).toEqual([]);
  // Two real warnings: SPEC §3's HRT list leaves out quiz and fbhrt, so their error page shows
  // the ED content. Kept as SPEC lists it; the warning says what adding them to hrt would change.
  const { config, warnings } = validateConfigTexts(valid);
  expect(config).not.toBeNull();
  expect(warnings.map((warning) => warning.pointer)).toEqual([
    '/funnels/hrt-quiz/codes/0',
    '/funnels/f-hrt-pay-first/codes/0',
  ]);
});

test('a funnel without steps', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    Reflect.deleteProperty(must(json.funnels['hrt-assessment']), 'steps');
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-assessment: missing required property "steps"',
  ]);
});

test('a mistyped step suggests the step it is close to', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['hrt-assessment']).steps[4] = '/mip/calendy';
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-assessment/steps/4: unknown step "/mip/calendy": no page matches /mip/calendy/shrt; did you mean /mip/calendly?',
  ]);
});

test("a women's page in a men's funnel", () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['hrt-assessment']).steps[2] = '/f/payment';
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-assessment/steps/2: step "/f/payment" does not fit funnel "hrt-assessment": /f/payment/shrt is a page of the women\'s site (/f/payment/:pathCode), not the men\'s site',
  ]);
});

test('a page the funnel machine does not drive cannot be a step', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['ed-checkout']).steps.push('/restart-hrt');
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/ed-checkout/steps/2: step "/restart-hrt" does not fit funnel "ed-checkout": /restart-hrt/dailytada opens /restart-hrt/:pathCode?, which is not a funnel page',
  ]);
});

test('a funnel must say where it finishes', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    Reflect.deleteProperty(must(json.funnels['ed-checkout']), 'finish');
  });
  expect(problemsOf(texts)).toEqual(['config/funnels.json: /funnels/ed-checkout: missing required property "finish"']);
});

test('a funnel that would end on a step whose Continue goes nowhere', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['ed-checkout']).finish = '/mip/checkout';
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/ed-checkout/finish: finish "/mip/checkout" opens the checkout screen, which offers Continue: a patient who reaches the end of funnel "ed-checkout" would press it and go nowhere. Use a page that ends the journey (finish, thank-you, continuous-confirmation), such as /finish',
  ]);
});

test("a finish on the other site's page", () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['hrt-quiz']).finish = '/f/finish';
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-quiz/finish: finish "/f/finish" does not fit funnel "hrt-quiz": /f/finish/quiz is a page of the women\'s site (/f/finish/:pathCode), not the men\'s site',
  ]);
});

test('a finish page in the middle of the steps would strand the steps after it', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['hrt-assessment']).steps.splice(2, 0, '/finish');
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-assessment/steps/2: step "/finish" ends the journey (the finish screen offers no Continue), so the steps after it could never be reached',
  ]);
});

test('a variant step that does not exist', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(must(json.funnels['f-hrt-assessment']).variants?.[0]).steps[1] = '/f/finnish';
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/f-hrt-assessment/variants/0/steps/1: unknown step "/f/finnish": no page matches /f/finnish/fha1; did you mean /f/finish?',
  ]);
});

test('a code that a redirect already owns', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['hrt-assessment']).codes.push('ihrt');
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-assessment/codes/3: code "ihrt" cannot be used: /hormone-assessment/ihrt redirects to /hormone-assessment/shrt',
  ]);
});

test('a variant for a code its funnel does not have', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(must(json.funnels['hrt-assessment']).variants?.[0]).codes = ['shrt', 'ghrtt'];
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-assessment/variants/0/codes/1: "ghrtt" is not a code of funnel "hrt-assessment"; did you mean "ghrt"?',
  ]);
});

test('a code used by two funnels', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['hrt-no-payment']).codes.push('shrt');
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-no-payment/codes/2: code "shrt" is already used by funnel "hrt-assessment" (/funnels/hrt-assessment/codes/0); each code follows one funnel',
  ]);
});

test('a code in capitals', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['hrt-assessment']).codes.push('SpringHRT');
  });
  expect(problemsOf(texts)).toEqual([
    "config/funnels.json: /funnels/hrt-assessment/codes/3: \"SpringHRT\" must be a lowercase campaign code: letters, digits, '-' or '_'",
  ]);
});

test('a misspelt property and a misspelt site', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    Object.assign(must(json.funnels['hrt-assessment']), { stpes: [], site: 'males' });
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-assessment/stpes: unknown property "stpes"; did you mean "steps"?',
    'config/funnels.json: /funnels/hrt-assessment/site: "males" is not one of: male, female; did you mean "male"?',
  ]);
});

test('a loop in redirects is reported once', () => {
  const texts = editConfig(valid, 'routes', (json) => {
    json.redirects.push({ from: ['/results/shrt'], to: '/results' });
  });
  expect(problemsOf(texts)).toEqual([
    'config/routes.json: /redirects/1/to: redirect loop: /results → /results/shrt → /results',
  ]);
});

test('a redirect to nowhere', () => {
  const texts = editConfig(valid, 'routes', (json) => {
    json.redirects.push({ from: ['/old-offer'], to: '/paymnt/shrt' });
  });
  expect(problemsOf(texts)).toEqual([
    'config/routes.json: /redirects/5/to: "/paymnt/shrt" leads to no page; did you mean /payment/shrt?',
  ]);
});

test('a route whose campaign code parameter is not in its path', () => {
  const texts = editConfig(valid, 'routes', (json) => {
    must(must(json.routes[2]).campaignCode).param = 'code';
  });
  expect(problemsOf(texts)).toContain(
    'config/routes.json: /routes/2/campaignCode/param: "code" is not a parameter of "/f/intake/:pathCode"',
  );
});

/** Sets `whenSent` on the route with this path. */
function withSentPath(path: string, whenSent: string) {
  return editConfig(valid, 'routes', (json) => {
    must(json.routes.find((route) => route.path === path)).whenSent = whenSent;
  });
}

test("a page's whenSent that leads to no page, or to the other site's page", () => {
  expect(problemsOf(withSentPath('/f/cont/:pathCode', '/f/confirm/:pathCode/refill'))).toEqual([
    'config/routes.json: /routes/7/whenSent: "/f/confirm/:pathCode/refill" leads to no page',
  ]);
  expect(problemsOf(withSentPath('/f/cont/:pathCode', '/quiz/:pathCode'))).toEqual([
    'config/routes.json: /routes/7/whenSent: "/quiz/:pathCode" is a page of the men\'s site (/quiz/:pathCode?)',
  ]);
});

test('a funnel page cannot have whenSent: its funnel says where it goes', () => {
  expect(problemsOf(withSentPath('/mip/cont/ced/:pathCode', '/thank-you/:pathCode'))).toEqual([
    'config/routes.json: /routes/13/whenSent: a funnel page goes on to its funnel\'s next step; "whenSent" is for pages outside funnels',
  ]);
});

test('a journey need on a page the funnel machine does not drive', () => {
  const texts = editConfig(valid, 'routes', (json) => {
    const route = must(json.routes.find((item) => item.path === '/f/conf/:pathCode/:finishType'));
    route.needs = 'steps-done';
  });
  expect(problemsOf(texts)).toEqual([
    'config/routes.json: /routes/8/needs: only a funnel page can need a journey: the funnel machine checks it (set "funnel": true)',
  ]);
});

test('a whenSent on a screen that does not read it', () => {
  expect(problemsOf(withSentPath('/commerce-info-update', '/memo/appointment'))).toEqual([
    'config/routes.json: /routes/25/whenSent: the commerce-info-update screen does not read "whenSent" (only: continuous-form)',
  ]);
});

test('a whenSent with :pathCode on a page without a campaign code to fill it with', () => {
  const texts = editConfig(valid, 'routes', (json) => {
    const route = must(json.routes.find((item) => item.path === '/f/cont/:pathCode'));
    Reflect.deleteProperty(route, 'campaignCode');
  });
  expect(problemsOf(texts)).toEqual([
    'config/routes.json: /routes/7/whenSent: the page needs "campaignCode" to fill :pathCode',
  ]);
});

test('a whenSent that a redirect would swallow', () => {
  expect(problemsOf(withSentPath('/f/cont/:pathCode', '/mip/form/CHRT'))).toEqual([
    'config/routes.json: /routes/7/whenSent: /mip/form/CHRT redirects to /mip/cont/chrt',
  ]);
});

test('a whenSent with a parameter other than :pathCode', () => {
  expect(problemsOf(withSentPath('/f/cont/:pathCode', '/f/conf/:code/refill'))).toEqual([
    'config/routes.json: /routes/7/whenSent: "/f/conf/:code/refill" must be a path such as /f/conf/:pathCode/refill, whose only parameter is :pathCode',
  ]);
});

test('an unknown screen name', () => {
  const texts = editConfig(valid, 'routes', (json) => {
    Object.assign(must(json.routes[0]), { screen: 'paymnt' });
  });
  const [problem] = problemsOf(texts);
  expect(problem).toMatch(
    /^config\/routes\.json: \/routes\/0\/screen: "paymnt" is not one of: about-consult, .*; did you mean "payment"\?$/,
  );
});

test('a grouped code that exists nowhere', () => {
  const texts = editConfig(valid, 'codeGroups', (json) => {
    must(json.groups.ed).codes.push('dailytadda');
  });
  expect(problemsOf(texts)).toEqual([
    'config/code-groups.json: /groups/ed/codes/9: unknown code "dailytadda": no funnel has it and it is not in groupOnlyCodes; did you mean "dailytada"?',
  ]);
});

test('a group-only code that has a funnel', () => {
  const texts = editConfig(valid, 'codeGroups', (json) => {
    json.groupOnlyCodes.shrt = 'oops';
  });
  expect(problemsOf(texts)).toEqual([
    'config/code-groups.json: /groupOnlyCodes/shrt: "shrt" has a funnel; list it in groups only',
  ]);
});

test('a pathOverride key allowed on a site it has no path for', () => {
  const texts = editConfig(valid, 'stepKeys', (json) => {
    must(json.keys.precal).sites = ['male', 'female'];
  });
  expect(problemsOf(texts)).toEqual([
    'config/step-keys.json: /keys/precal/paths: no path for the men\'s site, which "sites" allows',
  ]);
});

test('a pathOverride key with a path for a site it is not allowed on', () => {
  const texts = editConfig(valid, 'stepKeys', (json) => {
    must(json.keys.precal).paths.male = '/mip/calendly';
  });
  expect(problemsOf(texts)).toEqual([
    'config/step-keys.json: /keys/precal/paths/male: "precal" is not allowed on the men\'s site (sites: female); add the site to "sites" or remove this path',
  ]);
});

test('a pathOverride key whose path does not resolve', () => {
  const texts = editConfig(valid, 'stepKeys', (json) => {
    must(json.keys.cal).paths.female = '/f/appointment';
  });
  expect(problemsOf(texts)).toEqual([
    'config/step-keys.json: /keys/cal/paths/female: "/f/appointment" does not resolve on the women\'s site: no page matches /f/appointment/fbhrt',
  ]);
});

test('broken JSON is reported with its line and column', () => {
  const routes = valid['routes.json'] ?? '';
  const texts = { ...valid, 'routes.json': routes.replace('"title": "Intake",', '"title": "Intake",,') };
  // The line of the first intake route's title, wherever config puts it.
  const line = routes.slice(0, routes.indexOf('"title": "Intake",')).split('\n').length;
  expect(problemsOf(texts)).toEqual([
    `config/routes.json: line ${String(line)}, column 25: invalid JSON: expected a property name in double quotes (is there a trailing comma?)`,
  ]);
});

test('a trailing comma', () => {
  const texts = { ...valid, 'funnels.json': '{\n  "unknownCodePath": "/error",\n  "funnels": {},\n}\n' };
  expect(problemsOf(texts)).toEqual([
    "config/funnels.json: line 3, column 16: invalid JSON: expected a property name in double quotes (is there a trailing comma?): the ',' that ends line 3 is followed by no value (the parser stopped on line 4, column 1)",
  ]);
});

test('a missing file', () => {
  const texts = Object.fromEntries(Object.entries(valid).filter(([file]) => file !== 'code-groups.json'));
  expect(problemsOf(texts)).toEqual(['config/code-groups.json: /: file is missing']);
});

test('every problem is reported at once, across files', () => {
  let texts = editConfig(valid, 'funnels', (json) => {
    Reflect.deleteProperty(must(json.funnels['ed-renewal']), 'steps');
    must(json.funnels['hrt-assessment']).steps[4] = '/mip/calendy';
  });
  texts = editConfig(texts, 'codeGroups', (json) => {
    must(json.groups.hrt).codes.push('microbhh');
  });
  texts = { ...texts, 'step-keys.json': '{ "keys": ' };
  // The group check still runs: ed-renewal's steps are broken, but its codes are well formed.
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/ed-renewal: missing required property "steps"',
    'config/step-keys.json: line 1, column 11: invalid JSON: expected a value (is there a trailing comma?)',
    'config/funnels.json: /funnels/hrt-assessment/steps/4: unknown step "/mip/calendy": no page matches /mip/calendy/shrt; did you mean /mip/calendly?',
    'config/code-groups.json: /groups/hrt/codes/18: unknown code "microbhh": no funnel has it and it is not in groupOnlyCodes; did you mean "microbh"?',
  ]);
});

// The two tests below start tsx child processes: allow them a busy machine's time.
test('npm run validate exits 0 on valid config and 1 with every problem on invalid config', () => {
  const tsx = path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
  const ok = execFileSync(tsx, ['scripts/validate.ts'], { cwd: ROOT_DIR, encoding: 'utf8' });
  expect(ok).toContain('all config is valid');

  const dir = writeConfigDir(
    editConfig(valid, 'funnels', (json) => {
      must(json.funnels['hrt-assessment']).steps[4] = '/mip/calendy';
      must(json.funnels['hrt-no-payment']).codes.push('shrt');
    }),
  );
  const run = spawnSync(tsx, ['scripts/validate.ts', '--dir', dir], { cwd: ROOT_DIR, encoding: 'utf8' });
  expect(run.status).toBe(1);
  const label = path.relative(ROOT_DIR, dir);
  expect(run.stderr).toContain(
    `${label}/funnels.json: /funnels/hrt-assessment/steps/4: unknown step "/mip/calendy": no page matches /mip/calendy/shrt; did you mean /mip/calendly?`,
  );
  expect(run.stderr).toContain(`${label}/funnels.json: /funnels/hrt-no-payment/codes/2: code "shrt" is already used`);
  expect(run.stderr).toContain('2 errors');
}, 60_000);

test('the Vite build prints the lines npm run validate prints, with no stack trace, and exits 1', () => {
  const tsx = path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
  const dir = writeConfigDir(
    editConfig(valid, 'funnels', (json) => {
      Reflect.deleteProperty(must(json.funnels['hrt-assessment']), 'steps');
      must(must(json.funnels['f-hrt-assessment']).variants?.[0]).when.query = 'callcentre';
    }),
  );
  const build = spawnSync(tsx, ['tests/support/build-config-check.ts', dir], { cwd: ROOT_DIR, encoding: 'utf8' });
  const validate = spawnSync(tsx, ['scripts/validate.ts', '--dir', dir], { cwd: ROOT_DIR, encoding: 'utf8' });
  expect(build.status).toBe(1);
  expect(validate.status).toBe(1);
  expect(build.stderr).toBe(validate.stderr);
  expect(build.stderr).toContain('funnels.json: /funnels/hrt-assessment: missing required property "steps"');
  expect(build.stderr).toContain('funnels.json: /funnels/f-hrt-assessment/variants/0/when/query:');
  expect(build.stderr).not.toMatch(/^\s+at /m);
  expect(build.stdout).not.toContain('built');

  // Warnings alone print and the build goes on.
  const warned = spawnSync(tsx, ['tests/support/build-config-check.ts', 'config'], { cwd: ROOT_DIR, encoding: 'utf8' });
  expect(warned.status).toBe(0);
  expect(warned.stdout).toContain('built');
}, 60_000);

test('the screen, layout and journey need names in the schema are the ones the code knows', () => {
  const schema = JSON.parse(readFileSync(path.join(ROOT_DIR, 'schemas', 'routes.schema.json'), 'utf8')) as {
    $defs: {
      screen: { enum: string[] };
      layout: { properties: { name: { enum: string[] } } };
      route: { properties: { needs: { enum: string[] } } };
    };
  };
  expect(new Set(schema.$defs.screen.enum)).toEqual(new Set(SCREEN_NAMES));
  expect(new Set(schema.$defs.layout.properties.name.enum)).toEqual(new Set(LAYOUT_NAMES));
  expect(new Set(schema.$defs.route.properties.needs.enum)).toEqual(new Set(JOURNEY_NEEDS));
});

test('a product for a code no funnel has, with the code it is close to', () => {
  const texts = editConfig(valid, 'products', (json) => {
    json.byCode.mhtr = { productId: '1682', type: 'mpid', description: 'A typo of mhrt.' };
  });
  expect(problemsOf(texts)).toEqual([
    'config/products.json: /byCode/mhtr: unknown code "mhtr": no funnel has it; did you mean "mhrt"?',
  ]);
});

test("a product limited to the other brand's site, and one on a funnel that never pays", () => {
  const texts = editConfig(valid, 'products', (json) => {
    must(json.byCode.groupv).site = 'female';
    json.byCode.a2renewal = { productId: '1690', type: 'product', description: 'ED renewal.' };
    json.byCode['a2-renewal'] = { productId: '1690', type: 'product', description: 'ED renewal.' };
    Reflect.deleteProperty(json.byCode, 'a2renewal');
  });
  expect(problemsOf(texts)).toEqual([
    'config/products.json: /byCode/groupv/site: "groupv" is a code of the men\'s site, not the women\'s site',
    'config/products.json: /byCode/a2-renewal: "a2-renewal"\'s funnel has no payment or checkout step, so its product is never fetched',
  ]);
});

test('a product id that is not digits', () => {
  const texts = editConfig(valid, 'products', (json) => {
    must(json.byCode.mhrt).productId = 'x1682';
  });
  expect(problemsOf(texts)).toEqual([
    'config/products.json: /byCode/mhrt/productId: "x1682" must be a product id: digits only',
  ]);
});

test('a route whose form is not one of the named forms', () => {
  const texts = editConfig(valid, 'routes', (json) => {
    const route = must(json.routes.find((candidate) => candidate.path === '/mip/form/:pathCode'));
    route.form = { formId: 'MIP-H3', pageIds: ['1'] };
  });
  expect(problemsOf(texts)).toEqual([
    expect.stringMatching(
      /^config\/routes\.json: \/routes\/\d+\/form\/formId: form "MIP-H3" is not one of "forms" \(MIP, MIP-H2, CONT\); did you mean "MIP-H2"\?$/,
    ),
  ]);
});

test('a renewal group whose first visit has no funnel, is its own code or is on the other brand', () => {
  const unknown = editConfig(valid, 'codeGroups', (json) => {
    must(json.groups['ed-renewal']).newPatientCode = 'dailytad';
  });
  expect(problemsOf(unknown)).toEqual([
    'config/code-groups.json: /groups/ed-renewal/newPatientCode: "dailytad" has no funnel to start a first visit on; did you mean "dailytada"?',
  ]);
  const itself = editConfig(valid, 'codeGroups', (json) => {
    must(json.groups['ed-renewal']).newPatientCode = 'a2-renewal';
  });
  expect(problemsOf(itself)).toEqual([
    `config/code-groups.json: /groups/ed-renewal/newPatientCode: "a2-renewal" is one of the group's own codes, not a first visit`,
  ]);
  const otherBrand = editConfig(valid, 'codeGroups', (json) => {
    must(json.groups['ed-renewal']).newPatientCode = 'fha1';
  });
  expect(problemsOf(otherBrand)).toEqual([
    `config/code-groups.json: /groups/ed-renewal/newPatientCode: "fha1" is a code of the women's site, but "a2-renewal" of this group is on the men's site`,
  ]);
});

test('a code that two groups give different consult event types', () => {
  const texts = editConfig(valid, 'codeGroups', (json) => {
    json.groups['ed-promo'] = { consultEventType: 'promo-consult', codes: ['dailytada'] };
  });
  expect(problemsOf(texts)).toEqual([
    'config/code-groups.json: /groups/ed-promo/consultEventType: "dailytada" is also in group "ed", which gives consultEventType another value; a code may get only one',
  ]);
});

test('an error page screen for unknown codes that is mistyped, in two groups, or in a group with no content', () => {
  const texts = editConfig(valid, 'codeGroups', (json) => {
    Object.assign(must(json.groups.hrt), { unknownCodeScreens: ['hormone-assesment', 'results'] });
    must(json.groups.ed).unknownCodeScreens = ['results'];
  });
  expect(problemsOf(texts)).toEqual([
    'config/code-groups.json: /groups/hrt/unknownCodeScreens/0: unknown screen "hormone-assesment"; did you mean "hormone-assessment"?',
    'config/code-groups.json: /groups/ed/unknownCodeScreens/0: screen "results" is also in group "hrt"',
    'config/code-groups.json: /groups/ed/unknownCodeScreens: group "ed" gives no errorContentKey for its unknownCodeScreens to use',
  ]);
});

test('an error code that is not three digits', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    json.errorCodes['unknown-code'] = '40';
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /errorCodes/unknown-code: "40" must be a three-digit code, such as 404',
  ]);
});

test('a host pair must name a host of each brand', () => {
  const texts = editConfig(valid, 'brands', (json) => {
    json.hostPairs.push({ male: 'peakmens.example', female: 'peakmens.example' });
  });
  expect(problemsOf(texts)).toEqual([
    'config/brands.json: /hostPairs/4/female: host "peakmens.example" is not one of the women\'s site\'s hosts',
  ]);
});

test('a variant whose query key the app does not read, with the key it is close to', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(must(json.funnels['hrt-assessment']).variants?.[0]).when.query = 'callcentre';
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-assessment/variants/0/when/query: the app reads no query key "callcentre" to choose a variant, so a link with ?callcentre=true would walk the funnel\'s own steps (variantQueries declares: callcenter); did you mean "callcenter"?',
  ]);
});

test('a declared variant query key that is the pathOverride or the form page parameter', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    json.variantQueries.pathOverride = { description: 'Staff links that name their own steps.' };
    json.variantQueries.page = { description: 'The page of a form.' };
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /variantQueries/pathOverride: "pathOverride" is the pathOverride parameter, which always takes precedence over variants',
    'config/funnels.json: /variantQueries/page: "page" is formPageParam, which numbers a form\'s pages and never selects a variant',
  ]);
});

test('a funnel page that no funnel reaches', () => {
  const texts = editConfig(valid, 'routes', (json) => {
    const aboutConsult = must(json.routes.find((route) => route.path === '/f/about-consult/:pathCode'));
    json.routes.unshift({ ...aboutConsult, path: '/f/welcome/:pathCode', title: 'Welcome' });
  });
  expect(problemsOf(texts)).toEqual([
    'config/routes.json: /routes/0/funnel: "/f/welcome/:pathCode" is a funnel page, but no funnel, variant or pathOverride key has a step on it, it ends no journey and it is no funnel\'s entry page (a fixed or default code); add it to a funnel\'s steps, or remove "funnel": true',
  ]);
});

test('a code in no group is a warning naming each group and what it changes; the config stays valid', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['ed-checkout']).codes.push('springed');
  });
  const { config, problems, warnings } = validateConfigTexts(texts);
  expect(problems).toEqual([]);
  expect(config).not.toBeNull();
  expect(warnings.filter((warning) => warning.message.includes('"springed"'))).toEqual([
    {
      file: 'funnels.json',
      pointer: '/funnels/ed-checkout/codes/8',
      level: 'warning',
      message:
        'code "springed" is in no group of code-groups.json, so it gets the defaults (the error page shows error404-ED, the brand\'s consult, the route\'s intake pages); its funnel sells ed. The groups: hrt (for hrt funnels, the error page shows error404-HRT); ed (for ed funnels, books the ed-consult consult); ed-first-visit (for ed funnels, the intake asks page 4 in place of page 1); ed-renewal (for ed funnels, the intake asks page 5 in place of page 1, sends non-patients to a first visit on dailytada)',
    },
  ]);
  expect(reportOf(texts)).toContain(
    'warning: config/funnels.json: /funnels/ed-checkout/codes/8: ' +
      must(warnings.find((warning) => warning.message.includes('"springed"'))).message,
  );
  expect(reportOf(texts).at(-1)).toBe('config/: all config is valid (3 warnings)');
});

test('an HRT code in the ED group', () => {
  const texts = editConfig(valid, 'codeGroups', (json) => {
    must(json.groups.ed).codes.push('shrt');
  });
  expect(problemsOf(texts)).toEqual([
    'config/code-groups.json: /groups/ed/codes/9: code "shrt" is in group "ed", which is for ed funnels, but its funnel "hrt-assessment" sells hrt (for ed funnels, books the ed-consult consult)',
  ]);
});

test('a code added to an earlier funnel is reported at the later one, which already used it', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    must(json.funnels['ed-checkout']).codes.push('quiz');
  });
  expect(problemsOf(texts)).toEqual([
    'config/funnels.json: /funnels/hrt-quiz/codes/0: code "quiz" is already used by funnel "ed-checkout" (/funnels/ed-checkout/codes/8); each code follows one funnel',
  ]);
});

test('a missing comma names the line the value ended on and the line the parser stopped on', () => {
  const funnels = valid['funnels.json'] ?? '';
  const before = '"formPageParam": "page",';
  const texts = { ...valid, 'funnels.json': funnels.replace(before, '"formPageParam": "page"') };
  const line = funnels.slice(0, funnels.indexOf(before)).split('\n').length;
  expect(problemsOf(texts)).toEqual([
    `config/funnels.json: line ${String(line)}, column 26: invalid JSON: expected ',' after the value that ends on line ${String(line)} (the parser stopped on line ${String(line + 1)}, column 3)`,
  ]);
});

test('two schema errors in one file and a rule broken in another all print in one run', () => {
  let texts = editConfig(valid, 'routes', (json) => {
    Object.assign(must(json.routes[0]), { screen: 'paymnt' });
    Object.assign(must(json.routes[1]), { scren: 'results' });
    // A rule of one route: still checked, though other routes have schema errors.
    must(must(json.routes[2]).campaignCode).param = 'code';
  });
  texts = editConfig(texts, 'codeGroups', (json) => {
    must(json.groups.ed).codes.push('shrt');
  });
  const routesWhy = 'routes.json has schema errors (at /routes/0/screen, /routes/1/scren)';
  expect(reportOf(texts).filter((line) => !line.startsWith('warning: '))).toEqual([
    `not checked: config/funnels.json: /: the checks that each step's requirements are met did not run: ${routesWhy}`,
    `not checked: config/funnels.json: /: the funnel step checks did not run: ${routesWhy}`,
    `not checked: config/step-keys.json: /: the step key checks did not run: ${routesWhy}`,
    'config/code-groups.json: /groups/ed/codes/9: code "shrt" is in group "ed", which is for ed funnels, but its funnel "hrt-assessment" sells hrt (for ed funnels, books the ed-consult consult)',
    expect.stringMatching(/^config\/routes\.json: \/routes\/0\/screen: "paymnt" is not one of: /),
    'config/routes.json: /routes/1/scren: unknown property "scren"; did you mean "screen"?',
    'config/routes.json: /routes/2/campaignCode/param: "code" is not a parameter of "/f/intake/:pathCode"',
    `not checked: config/routes.json: /: the route checks that read every route (redirects, whenSent) did not run: ${routesWhy}`,
    `not checked: config/routes.json: /: the funnel page reach check did not run: ${routesWhy}`,
    `not checked: config/products.json: /: the product checks did not run: ${routesWhy}`,
    `not checked: config/experiments.json: /: the experiment checks did not run: ${routesWhy}`,
    '',
    '4 errors, 2 warnings, 7 checks not run in config/',
  ]);
});

test('a funnel with schema errors says which checks skipped it', () => {
  const texts = editConfig(valid, 'funnels', (json) => {
    Object.assign(must(json.funnels['hrt-quiz']), { stpes: [] });
  });
  expect(reportOf(texts).filter((line) => !line.startsWith('warning: '))).toEqual([
    'config/funnels.json: /funnels/hrt-quiz/stpes: unknown property "stpes"; did you mean "steps"?',
    'not checked: config/funnels.json: /funnels/hrt-quiz: the funnel checks (steps, variants) did not run: funnel "hrt-quiz" has schema errors',
    'not checked: config/routes.json: /: the funnel page reach check did not run: funnels.json has schema errors in funnel "hrt-quiz"',
    '',
    '1 error, 2 warnings, 2 checks not run in config/',
  ]);
});

test('funnels and code groups name the same treatments', () => {
  const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT_DIR, 'schemas', file), 'utf8')) as unknown;
  const funnels = read('funnels.schema.json') as { $defs: { treatment: { enum: string[] } } };
  const groups = read('code-groups.schema.json') as {
    $defs: { group: { properties: { treatment: { enum: string[] } } } };
  };
  expect(groups.$defs.group.properties.treatment.enum).toEqual(funnels.$defs.treatment.enum);
});
