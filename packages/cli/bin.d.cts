// Types of @distill/cli/bin, the `distill` command as a module: it runs the command and exports
// nothing. Kept beside package.json, not in dist, which the declaration builds clean.
export {};
