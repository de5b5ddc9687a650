export { deadLetterName, parseQueueUrl, type QueueTarget } from './connection.js';
export { type QueueBatchOptions, queueBatch } from './producer.js';
export { type QueueWorkerHandle, type QueueWorkerOptions, startQueueWorker } from './worker.js';
