package io.urikit.spark;

/** The native half of {@link Host}: the {@code urikit_jvm} library, found on {@code java.library.path}. */
final class Native {
    static {
        System.loadLibrary("urikit_jvm");
    }

    private Native() {}

    /**
     * Where the host of the URL {@code url} (UTF-8 octets) lies in it by the spec numbered {@code spec}:
     * {@code start << 32 | end} in octets, or -1 when the URL is not valid, has no host, or is not UTF-8.
     */
    static native long host(byte[] url, int spec);
}
