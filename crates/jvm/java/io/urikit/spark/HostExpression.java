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
        return StaticCall.column(HostExpression.class, DataTypes.StringType, url, spec);
    }

    /** The host of {@code url} by spec number {@code spec}, a copy of its octets, or null. */
    public static UTF8String of(UTF8String url, int spec) {
        byte[] octets = StaticCall.array(url);
        long found = Native.hostOctets(octets, StaticCall.from(url, octets), url.numBytes(), spec);
        if (found < 0) {
            return null;
        }
        int start = (int) (found >>> 32);
        int end = (int) found;
        // The last octet's index, not the end: copyUTF8String's bounds are inclusive.
        return start == end ? UTF8String.EMPTY_UTF8 : url.copyUTF8String(start, end - 1);
    }
}
