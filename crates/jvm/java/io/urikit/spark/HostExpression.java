package io.urikit.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The host of a URL as a Spark expression rather than a UDF: a static call, in the code Spark
 * generates, on the UTF-8 octets Spark holds the string in. No conversion to a Java string, no cast,
 * no copy of the URL when its octets are on the heap: the native side reads them where they are.
 */
public final class HostExpression {
    private HostExpression() {}

    /**
     * The column of the hosts of {@code url} by the spec numbered {@code spec} (its place in {@code
     * urikit::Spec::ALL}: rfc1738, rfc1630, rfc1808, rfc3986): null for a null URL, one that is not
     * valid by the spec, has no host, or is not UTF-8.
     *
     * @throws IllegalArgumentException for a spec number out of range
     */
    public static Column host(Column url, int spec) {
        return host(url, spec, -1, null);
    }

    /**
     * The same by spec number {@code spec} (4: whatwg, the URL Standard's parser), {@code lenient} (-1
     * for the spec's default, 0 strict, 1 lenient), each URL parsed against {@code base} (null for
     * none). By WHATWG, or with a base, the host is that of the URL the parser makes (a new string).
     *
     * @throws IllegalArgumentException for a spec number out of range, a leniency other than -1, 0 or
     *     1, or a base that is not a URL by the spec
     */
    public static Column host(Column url, int spec, int lenient, String base) {
        return StaticCall.column(HostExpression.class, DataTypes.StringType, url, spec, lenient, base);
    }

    /** The host of {@code url} as {@link #host} says, a copy of its octets, or null. */
    public static UTF8String of(UTF8String url, int spec, int lenient, boolean hasBase, UTF8String base) {
        byte[] octets = StaticCall.array(url);
        int from = StaticCall.from(url, octets);
        if (spec < 4 && lenient == -1 && !hasBase) {
            // The host is a slice of the URL: only where it lies comes back.
            long found = Native.hostOctets(octets, from, url.numBytes(), spec);
            if (found < 0) {
                return null;
            }
            return cut(url, (int) (found >>> 32), (int) found);
        }
        byte[] host = Parsed.host(octets, from, url.numBytes(), spec, lenient, StaticCall.base(hasBase, base));
        return host == null ? null : UTF8String.fromBytes(host);
    }

    /** The octets {@code start} to {@code end} of {@code url}. */
    private static UTF8String cut(UTF8String url, int start, int end) {
        // The last octet's index, not the end: copyUTF8String's bounds are inclusive.
        return start == end ? UTF8String.EMPTY_UTF8 : url.copyUTF8String(start, end - 1);
    }
}
