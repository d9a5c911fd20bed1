package io.urikit.spark;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What the host UDFs and expressions share when a URL is parsed by WHATWG, leniently, or against a
 * base: the URL is then a new string, and its host is cut out of that, not out of the input.
 */
final class Parsed {
    private Parsed() {}

    /**
     * Refuses, once, what {@link Native#parse} would refuse for every row: a spec number out of range (0
     * to 3, the places in {@code urikit::Spec::ALL}, and 4, WHATWG), a leniency other than -1, 0 or 1,
     * or a base that is not a URL by the spec.
     *
     * @throws IllegalArgumentException saying which
     */
    static void check(int spec, int lenient, String base) {
        if (spec < 0 || spec > 4) {
            throw new IllegalArgumentException("no spec numbered " + spec + "; 0 to 4");
        }
        byte[] why = Native.check(spec, lenient, octets(base));
        if (why != null) {
            throw new IllegalArgumentException(new String(why, StandardCharsets.UTF_8));
        }
    }

    /** {@code base} as UTF-8 octets, or null for none. */
    static byte[] octets(String base) {
        return base == null ? null : base.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The host of the URL in the {@code length} octets of {@code url} from {@code from}, parsed as
     * {@link Native#parse} says, as octets; null for a URL that is not valid or has no host.
     */
    static byte[] host(byte[] url, int from, int length, int spec, int lenient, byte[] base) {
        int[] parts = new int[18];
        byte[] own = Native.parse(url, from, length, spec, lenient, base, parts);
        if (parts[17] == 2 || parts[6] < 0) {
            return null;
        }
        return parts[17] == 1
                ? Arrays.copyOfRange(own, parts[6], parts[7])
                : Arrays.copyOfRange(url, from + parts[6], from + parts[7]);
    }
}
