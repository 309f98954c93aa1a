/**
 * Work stealing: the {@link actor.steal.VictimSelector} service and its builtins. Knows nothing
 * about actors. A custom selector is provided with
 * {@code provides actor.steal.VictimSelector with ...;}.
 */
module actor.steal {
    requires org.agrona;

    exports actor.steal;
    exports actor.steal.internal to actor.executor, actor.bench;

    uses actor.steal.VictimSelector;

    provides actor.steal.VictimSelector with
            actor.steal.internal.NoVictimSelector,
            actor.steal.internal.RandomVictimSelector,
            actor.steal.internal.LongestVictimSelector,
            actor.steal.internal.HierarchicalVictimSelector;
}
