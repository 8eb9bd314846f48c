import { ANALYTICS_OUTCOMES } from '../contract/data-layer.ts';

/** The fields a tag event may carry, besides the container; the same list as analytics.ts builds. */
export const TAG_EVENT_FIELDS = [
  'event',
  'funnel',
  'brand',
  'variant',
  'step_index',
  'outcome',
  'page_path',
  'experiment',
  'experiment_variant',
  'funnel_version',
] as const;

/**
 * The local first-party tagging script, served at /tags/gtm.js?id={container}: what the
 * production tag manager's container does, reduced to sending each allowed event to the
 * local server. It reads `window.dataLayer` (the entries pushed before it loaded, then every
 * later push) and posts each entry whose event is in the allow-list, with only the allowed
 * fields, to `collect` beside the script. Plain ES2017, no eval: the page's policy runs it
 * from 'self'. Sent as text/plain without cookies, so no preflight and nothing ties an event
 * to a patient's journey.
 */
export const TAG_SCRIPT = `(function () {
  'use strict';
  var EVENTS = ${JSON.stringify(Object.keys(ANALYTICS_OUTCOMES))};
  var FIELDS = ${JSON.stringify(TAG_EVENT_FIELDS)};
  var script = document.currentScript;
  if (!script || !script.src || window.__localTagsStarted) return;
  window.__localTagsStarted = true;
  var source = new URL(script.src);
  var container = source.searchParams.get('id');
  var collect = new URL('collect', source).href;
  function send(entry) {
    if (!entry || typeof entry !== 'object' || EVENTS.indexOf(entry.event) < 0) return;
    var event = { container: container };
    FIELDS.forEach(function (field) {
      var value = entry[field];
      event[field] = typeof value === 'string' || typeof value === 'number' ? value : null;
    });
    try {
      fetch(collect, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(event),
        keepalive: true,
        credentials: 'omit',
      }).catch(function () {});
    } catch (error) {}
  }
  var layer = (window.dataLayer = window.dataLayer || []);
  var push = layer.push;
  for (var index = 0; index < layer.length; index += 1) send(layer[index]);
  layer.push = function () {
    var result = push.apply(layer, arguments);
    for (var index = 0; index < arguments.length; index += 1) send(arguments[index]);
    return result;
  };
})();
`;
