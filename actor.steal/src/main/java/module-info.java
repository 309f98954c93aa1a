/**
 * Queue stealing: the worker-queue table and its lock-free slot swap. Knows nothing about actors.
 */
module actor.steal {
    exports actor.steal;
}
