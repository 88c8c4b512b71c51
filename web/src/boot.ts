/**
 * Runs before every other module of the SPA (main.tsx imports it first): settings that must be in
 * place before the shared schemas are built.
 */
import { parseWithoutEval } from '@clubs/shared/schema-config';

parseWithoutEval();
