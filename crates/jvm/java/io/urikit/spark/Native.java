package io.urikit.spark;

/** The native half of {@link Host}: the {@code urikit_jvm} library, found on {@code java.library.path}. */
final class Native {
    static {
        System.loadLibrary("urikit_jvm");
    }

    private Native() {}

    /**
     * Where the host of the URL in the first {@code length} chars of {@code url} lies in it by the spec numbered
     * {@code spec}: {@code start << 32 | end} in chars, or -1 when the URL is not valid, has no host, or is not
     * Unicode (a lone surrogate).
     */
    static native long host(char[] url, int length, int spec);

    /**
     * The same for a URL as UTF-8 octets, the {@code length} of {@code url} from index {@code from}:
     * {@code start << 32 | end} in octets from {@code from}, or -1 when the URL is not valid, has no
     * host, or is not UTF-8.
     */
    static native long hostOctets(byte[] url, int from, int length, int spec);

    /**
     * The components of the URL in the {@code length} octets of {@code url} from index {@code from}, by
     * the spec numbered {@code spec}: for a valid URL, null, and {@code parts} (17 ints) holds the start
     * and end, in octets from {@code from}, of its scheme, user, password, host, path, query and
     * fragment ({@code -1, -1} when absent), then its port ({@code -1} when absent or when no 16-bit
     * number holds its digits), then the start and end of the port as written ({@code -1, -1} when
     * absent); for one that is not valid, or not UTF-8, the error as UTF-8 octets.
     */
    static native byte[] parse(byte[] url, int from, int length, int spec, int[] parts);
}
