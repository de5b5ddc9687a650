#!/usr/bin/env node
// The `distill` command of @distill/cli; start() tunes the process, then loads the commands.
import { start } from './start.js';

start();
