/** Types of the plain ESM lane dealer (kept as .mjs so `npm test` runs it without tsx). */
export declare const LANE_WEIGHT: 'lane-weight';

export interface DealtLane {
  weight: number;
  files: string[];
}

export declare function fileWeights(listReport: unknown): Map<string, number>;
export declare function dealIntoLanes(weights: Map<string, number>, lanes: number): DealtLane[];
export declare function walkWeights(
  config: string,
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<Map<string, number>>;
export declare function laneFiles(
  config: string,
  lanes: number,
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<DealtLane[]>;
