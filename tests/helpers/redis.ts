// The front-door tests start Redis the same way as the server package's own state tests.
export { type RunningRedis, startRedis } from '../../packages/server/src/testing/redis.js';
