package io.urikit.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Every component of a URL as a Spark expression: the struct of {@code urikit.spark.parse}, computed
 * on the JVM by a static call in the code Spark generates, on the UTF-8 octets Spark holds the string
 * in (see {@link HostExpression}).
 */
public final class ParseExpression {
    private ParseExpression() {}

    /** The names of the text components, in the order {@link Native#parse} gives their ranges. */
    private static final String[] TEXTS = {"scheme", "user", "password", "host", "path", "query", "fragment"};

    /**
     * The struct's type, that of {@code urikit.spark.parsed_type()}: scheme, user, password, host
     * (strings), port (an int), port_str (the port as written), path, query, fragment (strings), valid
     * (a boolean), error (a string), every field nullable.
     */
    public static final StructType TYPE = new StructType(new StructField[] {
        DataTypes.createStructField("scheme", DataTypes.StringType, true),
        DataTypes.createStructField("user", DataTypes.StringType, true),
        DataTypes.createStructField("password", DataTypes.StringType, true),
        DataTypes.createStructField("host", DataTypes.StringType, true),
        DataTypes.createStructField("port", DataTypes.IntegerType, true),
        DataTypes.createStructField("port_str", DataTypes.StringType, true),
        DataTypes.createStructField("path", DataTypes.StringType, true),
        DataTypes.createStructField("query", DataTypes.StringType, true),
        DataTypes.createStructField("fragment", DataTypes.StringType, true),
        DataTypes.createStructField("valid", DataTypes.BooleanType, true),
        DataTypes.createStructField("error", DataTypes.StringType, true),
    });

    /** Where each text component goes in the struct: the port and port_str stand between host and path. */
    private static final int[] SLOT = {0, 1, 2, 3, 6, 7, 8};

    /**
     * The column of the parsed {@code url} by the spec numbered {@code spec} (its place in {@code
     * urikit::Spec::ALL}: rfc1738, rfc1630, rfc1808, rfc3986): {@link #TYPE}, null for a null URL; for
     * an invalid one (or one that is not UTF-8), null components, {@code valid} false and the error.
     *
     * @throws IllegalArgumentException for a spec number out of range
     */
    public static Column parse(Column url, int spec) {
        return parse(url, spec, -1, null);
    }

    /**
     * The same by spec number {@code spec} (4: whatwg, the URL Standard's parser as browsers run it),
     * {@code lenient} (-1 for the spec's default, 0 strict, 1 lenient), each URL parsed against {@code
     * base} (null for none: by WHATWG {@code new URL(url, base)}, by an RFC resolved by its algorithm).
     * By WHATWG the components are those of the URL the parser makes, a new string.
     *
     * @throws IllegalArgumentException for a spec number out of range, a leniency other than -1, 0 or
     *     1, or a base that is not a URL by the spec
     */
    public static Column parse(Column url, int spec, int lenient, String base) {
        return StaticCall.column(ParseExpression.class, TYPE, url, spec, lenient, base);
    }

    /** The struct of {@code url} as {@link #parse} says. */
    public static InternalRow of(UTF8String url, int spec, int lenient, boolean hasBase, UTF8String base) {
        int[] parts = new int[18];
        byte[] octets = StaticCall.array(url);
        byte[] returned = Native.parse(
                octets, StaticCall.from(url, octets), url.numBytes(), spec, lenient, StaticCall.base(hasBase, base), parts);
        Object[] row = new Object[11];
        if (parts[17] == 2) {
            row[9] = false;
            row[10] = UTF8String.fromBytes(returned);
            return new GenericInternalRow(row);
        }
        // The ranges are of the URL as given, or of the URL the parser made.
        UTF8String of = parts[17] == 1 ? UTF8String.fromBytes(returned) : url;
        for (int i = 0; i < TEXTS.length; i++) {
            row[SLOT[i]] = cut(of, parts[2 * i], parts[2 * i + 1]);
        }
        row[0] = lowerAscii((UTF8String) row[0]);
        if (parts[14] >= 0) {
            row[4] = parts[14];
        }
        // The port as written: its digits when no 16-bit number holds them.
        row[5] = cut(of, parts[15], parts[16]);
        row[9] = true;
        return new GenericInternalRow(row);
    }

    /** The octets {@code start} to {@code end} of {@code url}, or null for {@code -1}. */
    private static UTF8String cut(UTF8String url, int start, int end) {
        if (start < 0) {
            return null;
        }
        return start == end ? UTF8String.EMPTY_UTF8 : url.copyUTF8String(start, end - 1);
    }

    /** {@code scheme} with its ASCII capitals made small, as urikit's {@code Url} gives a scheme. */
    private static UTF8String lowerAscii(UTF8String scheme) {
        byte[] octets = scheme.getBytes();
        boolean changed = false;
        for (int i = 0; i < octets.length; i++) {
            if (octets[i] >= 'A' && octets[i] <= 'Z') {
                if (!changed) {
                    octets = octets.clone();
                    changed = true;
                }
                octets[i] = (byte) (octets[i] + ('a' - 'A'));
            }
        }
        return changed ? UTF8String.fromBytes(octets) : scheme;
    }
}
