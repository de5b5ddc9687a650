export { closeTools, createMcpServer } from './server.js';
export { parseToolInput, type ToolsConfig } from './tools.js';
export { type HttpOptions, runHttp, runStdio } from './transports.js';
