package io.urikit.spark;

import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke;
import org.apache.spark.sql.classic.ExpressionUtils;
import org.apache.spark.sql.types.AbstractDataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

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
        if (spec < 0 || spec > 3) {
            throw new IllegalArgumentException("no spec numbered " + spec + "; 0 to 3");
        }
        List<Expression> arguments =
                List.of(ExpressionUtils.expression(url), Literal.create(spec, DataTypes.IntegerType));
        List<AbstractDataType> noCasts = List.of();
        Expression call = new StaticInvoke(
                HostExpression.class,
                DataTypes.StringType,
                "of",
                CollectionConverters.asScala(arguments).toList(),
                CollectionConverters.asScala(noCasts).toList(),
                // Null in, null out, without a call; the result may be null.
                true,
                true,
                true,
                Option.empty());
        return ExpressionUtils.column(call);
    }

    /** The host of {@code url} by spec number {@code spec}, a copy of its octets, or null. */
    public static UTF8String of(UTF8String url, int spec) {
        Object base = url.getBaseObject();
        long found;
        if (base instanceof byte[] octets) {
            long from = url.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET;
            found = Native.hostOctets(octets, (int) from, url.numBytes(), spec);
        } else {
            byte[] copy = url.getBytes();
            found = Native.hostOctets(copy, 0, copy.length, spec);
        }
        if (found < 0) {
            return null;
        }
        int start = (int) (found >>> 32);
        int end = (int) found;
        // The last octet's index, not the end: copyUTF8String's bounds are inclusive.
        return start == end ? UTF8String.EMPTY_UTF8 : url.copyUTF8String(start, end - 1);
    }
}
