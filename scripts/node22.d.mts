/** Types of scripts/node22.mjs (plain Node, run before the dependencies are installed). */
export declare const PINNED_NODE: string;
export declare const REQUIRED_MAJOR: number;
export declare function majorOf(version: string): number;
export declare function nodePackage(platform?: string, arch?: string): string;
export declare function localNodeDir(version?: string): string;
export declare function node22(): string;
export declare function envWith(nodeBinary: string, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
