import prettier from 'prettier';
import { loadContract } from '../../src/contract/openapi.ts';
import { ROOT_DIR } from '../../src/contract/schema-files.ts';
import path from 'node:path';
import { GENERATED_TYPES, schemaTypesModule } from './schema-types.ts';

/** Each generated module's path and the text the schemas give, formatted as the project formats. */
export async function generatedTypeModules(): Promise<{ module: string; text: string }[]> {
  return Promise.all(
    GENERATED_TYPES.map(async ({ schema, module }) => {
      const file = path.join(ROOT_DIR, module);
      const options = (await prettier.resolveConfig(file)) ?? {};
      const text = await prettier.format(schemaTypesModule(loadContract(path.join(ROOT_DIR, schema)), schema), {
        ...options,
        filepath: file,
      });
      return { module, text };
    }),
  );
}
