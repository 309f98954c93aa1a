package actor.steal;

/**
 * Chooses which worker an idle worker (the thief) tries to steal a mailbox from.
 *
 * <p>A service: implementations are found with {@link java.util.ServiceLoader} by their
 * {@link #name()} (builtins: {@code none}, {@code random}, {@code longest-victim},
 * {@code hierarchical}), or passed to the actor system's configuration as an instance. A module
 * provides one with {@code provides actor.steal.VictimSelector with com.example.MySelector;} and a
 * public no-argument constructor.
 *
 * <p>Contract, checked by {@link VictimSelectorContract}:
 * <ul>
 * <li>return a worker index in {@code [0, view.workers())} other than {@code thief}, or
 *     {@link #NONE} ("none this time");</li>
 * <li>with a single worker, return {@link #NONE};</li>
 * <li>be safe to call from every worker at once, and cheap: it runs only on idle workers, but it
 *     must not block or allocate much.</li>
 * </ul>
 * The executor treats any other return value as {@link #NONE} and reports it once.
 */
public interface VictimSelector {

    /** "No victim this time": the thief goes back to its own mailboxes. */
    int NONE = -1;

    /** {@return the name configurations use to choose this selector; unique among the providers} */
    String name();

    /**
     * Chooses a victim for {@code thief}.
     *
     * @param thief the worker about to steal, in {@code [0, view.workers())}
     * @param view  a read-only, racy view of all workers
     * @return a worker index other than {@code thief}, or {@link #NONE}
     */
    int selectVictim(int thief, WorkerView view);
}
