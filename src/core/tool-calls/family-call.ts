import type { FamilyCallFormat } from './model-family.js';

/** One call found in a family's text format: the tool named by the wrapper (if it names one) and the JSON inside. */
export interface RawFamilyCall {
  /** The function name the format carries outside the JSON (`to=functions.X`, `name[ARGS]`, `<function=X>`); null when it is inside. */
  name: string | null;
  /** The JSON text inside the wrapper. */
  json: string;
}

/** What one format reader found in a reply. */
export type FamilyCallScan =
  | { kind: 'none' }
  | { kind: 'calls'; format: FamilyCallFormat; calls: RawFamilyCall[] }
  | { kind: 'malformed'; format: FamilyCallFormat; message: string };

export const NO_CALL: FamilyCallScan = { kind: 'none' };
