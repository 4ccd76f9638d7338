// Types of the graphgame npm package (index.js).
export function getLoadablePath(): string;
export function load(db: { loadExtension(path: string): unknown }): void;
