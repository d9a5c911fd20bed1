package io.urikit.spark;

import java.util.Arrays;
import org.apache.spark.sql.api.java.UDF1;

/**
 * The host of a URL given as its UTF-8 octets, as octets: {@link Host} without Spark's conversions
 * of each value to a Java string and back. Called as {@code CAST(f(CAST(url AS BINARY)) AS STRING)},
 * where both casts copy octets and decode nothing. Null for a null URL, one that is not valid by the
 * spec (RFC 1738; the nested classes: the others), has no host, or is not UTF-8.
 */
public class HostOctets implements UDF1<byte[], byte[]> {
    private static final long serialVersionUID = 1L;

    /** The spec's place in {@code urikit::Spec::ALL}: rfc1738, rfc1630, rfc1808, rfc3986; 4 for WHATWG. */
    private final int spec;

    /** How URLs are parsed besides the spec: -1 (the spec's default), 0 strict or 1 lenient. */
    private final int lenient;

    /** The base each URL is parsed against, as UTF-8, or null for none. */
    private final byte[] base;

    /** The host by RFC 1738. */
    public HostOctets() {
        this(0);
    }

    HostOctets(int spec) {
        this(spec, -1, null);
    }

    private HostOctets(int spec, int lenient, String base) {
        this.spec = spec;
        this.lenient = lenient;
        this.base = Parsed.octets(base);
    }

    /**
     * The UDF by the spec numbered {@code spec} (0 to 3, the places in {@code urikit::Spec::ALL}; 4,
     * WHATWG), {@code lenient} (-1 for the spec's default, 0 strict, 1 lenient), each URL parsed
     * against {@code base} (null for none), to register as an instance ({@code
     * spark.udf().register(name, udf, type)}): by WHATWG, or with a base, the host is that of the URL
     * the parser makes.
     *
     * @throws IllegalArgumentException for a spec number out of range, a leniency other than -1, 0 or
     *     1, or a base that is not a URL by the spec
     */
    public static HostOctets of(int spec, int lenient, String base) {
        Parsed.check(spec, lenient, base);
        return new HostOctets(spec, lenient, base);
    }

    /** Whether the host is a slice of the input: a strict parse by an RFC, no base. */
    private boolean inInput() {
        return spec < 4 && lenient == -1 && base == null;
    }

    @Override
    public byte[] call(byte[] url) {
        if (url == null) {
            return null;
        }
        if (!inInput()) {
            return Parsed.host(url, 0, url.length, spec, lenient, base);
        }
        long found = Native.hostOctets(url, 0, url.length, spec);
        return found < 0 ? null : Arrays.copyOfRange(url, (int) (found >>> 32), (int) found);
    }

    // Each names UDF1 itself: Spark looks for it among the interfaces a class
    // declares, not those it inherits.

    /** The host by RFC 1738 (the same as {@link HostOctets}), for a name that says it. */
    public static final class Rfc1738 extends HostOctets implements UDF1<byte[], byte[]> {
        private static final long serialVersionUID = 1L;

        /** The UDF. */
        public Rfc1738() {
            super(0);
        }
    }

    /** The host by RFC 1630. */
    public static final class Rfc1630 extends HostOctets implements UDF1<byte[], byte[]> {
        private static final long serialVersionUID = 1L;

        /** The UDF. */
        public Rfc1630() {
            super(1);
        }
    }

    /** The host by RFC 1808. */
    public static final class Rfc1808 extends HostOctets implements UDF1<byte[], byte[]> {
        private static final long serialVersionUID = 1L;

        /** The UDF. */
        public Rfc1808() {
            super(2);
        }
    }

    /** The host by RFC 3986. */
    public static final class Rfc3986 extends HostOctets implements UDF1<byte[], byte[]> {
        private static final long serialVersionUID = 1L;

        /** The UDF. */
        public Rfc3986() {
            super(3);
        }
    }
}
