// Entry of the search bench's load worker (bench-search.ts, runLoadInWorker). Worker threads
// do not inherit tsx's loader on Node 20, so it is registered here before the TypeScript
// module, which then runs the task it finds in workerData.
import { register } from 'tsx/esm/api';

register();
await import('./bench-search.ts');
