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
     * the spec numbered {@code spec} (0 to 3: rfc1738, rfc1630, rfc1808, rfc3986; 4: whatwg), {@code
     * lenient} (-1 for the spec's default, 0 strict, 1 lenient), and against {@code base} (UTF-8 octets,
     * or null for none). {@code parts} (18 ints) gets the start and end of its scheme, user, password,
     * host, path, query and fragment ({@code -1, -1} when absent), then its port ({@code -1} when absent
     * or when no 16-bit number holds its digits), then the start and end of the port as written ({@code
     * -1, -1} when absent), and last what the ranges are of: 0, the octets of {@code url} from {@code
     * from} (the call returns null); 1, the URL's own serialization (a WHATWG URL, a lenient parse, a
     * base), which the call returns as UTF-8 octets; 2, none: the URL is not valid, or not UTF-8, and
     * the call returns the error as UTF-8 octets.
     */
    static native byte[] parse(byte[] url, int from, int length, int spec, int lenient, byte[] base, int[] parts);

    /**
     * Null when URLs can be parsed by spec number {@code spec}, {@code lenient} and against {@code base}
     * (as for {@link #parse}); otherwise why not (a base that is not a URL), as UTF-8 octets.
     */
    static native byte[] check(int spec, int lenient, byte[] base);
}
