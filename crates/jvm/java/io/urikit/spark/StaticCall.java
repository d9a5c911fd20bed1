package io.urikit.spark;

import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke;
import org.apache.spark.sql.classic.ExpressionUtils;
import org.apache.spark.sql.types.AbstractDataType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What {@link HostExpression} and {@link ParseExpression} share: the static call of their {@code of}
 * that Spark puts in the code it generates, and, in that method, the octets of the URL where Spark
 * holds them, for {@link Native}.
 */
final class StaticCall {
    private StaticCall() {}

    /**
     * The column of {@code owner.of(url, spec, lenient, hasBase, base)}, a static method giving {@code
     * type}, called on the URL as Spark holds it (a {@link UTF8String}, no cast): null for a null URL,
     * without a call. {@code base} null is none; it goes as {@code hasBase} false and an empty string,
     * as a null argument would make every row null.
     *
     * @throws IllegalArgumentException for a spec number out of range (0 to 3, the places in {@code
     *     urikit::Spec::ALL}, and 4, WHATWG), a leniency other than -1, 0 or 1, or a base that is not a
     *     URL by the spec
     */
    static Column column(Class<?> owner, DataType type, Column url, int spec, int lenient, String base) {
        Parsed.check(spec, lenient, base);
        List<Expression> arguments = List.of(
                ExpressionUtils.expression(url),
                Literal.create(spec, DataTypes.IntegerType),
                Literal.create(lenient, DataTypes.IntegerType),
                Literal.create(base != null, DataTypes.BooleanType),
                Literal.create(UTF8String.fromString(base == null ? "" : base), DataTypes.StringType));
        List<AbstractDataType> noCasts = List.of();
        Expression call = new StaticInvoke(
                owner,
                type,
                "of",
                CollectionConverters.asScala(arguments).toList(),
                CollectionConverters.asScala(noCasts).toList(),
                // Null in, null out, without a call; the result may be null; deterministic.
                true,
                true,
                true,
                Option.empty());
        return ExpressionUtils.column(call);
    }

    /** What {@link Native#parse} gets for a base: its octets, or null for none. */
    static byte[] base(boolean hasBase, UTF8String base) {
        return hasBase ? base.getBytes() : null;
    }

    /**
     * The array that holds the octets of {@code url}: Spark's own when they are on the heap, where
     * they may stand among other values (see {@link #from}), no copy; otherwise a copy of them.
     */
    static byte[] array(UTF8String url) {
        return url.getBaseObject() instanceof byte[] octets ? octets : url.getBytes();
    }

    /**
     * The index in {@code array}, what {@link #array} gave for {@code url}, of the first octet of
     * {@code url}; its {@link UTF8String#numBytes} octets follow.
     */
    static int from(UTF8String url, byte[] array) {
        return array == url.getBaseObject() ? (int) (url.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET) : 0;
    }
}
