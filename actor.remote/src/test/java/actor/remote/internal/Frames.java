package actor.remote.internal;

/** Frames for the tests of other packages, which cannot write them field by field ({@link FrameBuilder}). */
public final class Frames {

    private Frames() {
    }

    /**
     * A STATUS from node {@code name} at {@code endpoint} (incarnation 1, no secret) that confirms
     * nothing and gives the node it goes to {@code epoch} to address its DATA at: what a node sends
     * first, before it hears anything.
     */
    public static byte[] status(String name, String endpoint, long epoch) {
        return FrameBuilder.header(Wire.STATUS, 1, name, endpoint).l(epoch).i(0).bytes();
    }
}
