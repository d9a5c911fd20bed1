package io.urikit.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.api.java.UDF1;

/**
 * A Spark SQL UDF: the host of a URL by the letter of RFC 1738 (the nested classes: the other specs),
 * as written; null when the URL is null, not valid, or has no host. The same values as
 * {@code urikit.spark.get(df, column, "host")}, computed by the urikit library through JNI, with no
 * Python worker.
 *
 * <p>From Python: {@code urikit.spark.register_jvm(spark)}; by hand: {@code
 * spark.udf.registerJavaFunction("urikit_host", "io.urikit.spark.Host", "string")}, with this jar in
 * {@code spark.jars} and the directory of {@code liburikit_jvm.so} in {@code
 * spark.driver.extraLibraryPath} and {@code spark.executor.extraLibraryPath}.
 */
public class Host implements UDF1<String, String> {
    private static final long serialVersionUID = 1L;

    /** Longest URL whose chars a thread's buffer keeps between rows. */
    private static final int KEPT = 1 << 16;

    /** Each thread's buffer for the chars of a URL, so that a row allocates nothing. */
    private static final ThreadLocal<char[]> BUFFER = ThreadLocal.withInitial(() -> new char[256]);

    /** The spec's place in {@code urikit::Spec::ALL}: rfc1738, rfc1630, rfc1808, rfc3986; 4 for WHATWG. */
    private final int spec;

    /** How URLs are parsed besides the spec: -1 (the spec's default), 0 strict or 1 lenient. */
    private final int lenient;

    /** The base each URL is parsed against, as UTF-8, or null for none. */
    private final byte[] base;

    /** The host by RFC 1738. */
    public Host() {
        this(0);
    }

    Host(int spec) {
        this(spec, -1, null);
    }

    private Host(int spec, int lenient, String base) {
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
    public static Host of(int spec, int lenient, String base) {
        Parsed.check(spec, lenient, base);
        return new Host(spec, lenient, base);
    }

    /** Whether the host is a slice of the input: a strict parse by an RFC, no base. */
    private boolean inInput() {
        return spec < 4 && lenient == -1 && base == null;
    }

    @Override
    public String call(String url) {
        if (url == null) {
            return null;
        }
        if (!inInput()) {
            byte[] octets = url.getBytes(StandardCharsets.UTF_8);
            byte[] host = Parsed.host(octets, 0, octets.length, spec, lenient, base);
            return host == null ? null : new String(host, StandardCharsets.UTF_8);
        }
        int n = url.length();
        char[] chars = BUFFER.get();
        if (chars.length < n) {
            chars = new char[Math.max(n, 2 * chars.length)];
            if (chars.length <= KEPT) {
                BUFFER.set(chars);
            }
        }
        url.getChars(0, n, chars, 0);
        long found = Native.host(chars, n, spec);
        // Offsets in chars: the host as written, cut from the URL.
        return found < 0 ? null : url.substring((int) (found >>> 32), (int) found);
    }

    // Each names UDF1 itself: Spark looks for it among the interfaces a class
    // declares, not those it inherits.

    /** The host by RFC 1630. */
    public static final class Rfc1630 extends Host implements UDF1<String, String> {
        private static final long serialVersionUID = 1L;

        /** The UDF. */
        public Rfc1630() {
            super(1);
        }
    }

    /** The host by RFC 1808. */
    public static final class Rfc1808 extends Host implements UDF1<String, String> {
        private static final long serialVersionUID = 1L;

        /** The UDF. */
        public Rfc1808() {
            super(2);
        }
    }

    /** The host by RFC 3986. */
    public static final class Rfc3986 extends Host implements UDF1<String, String> {
        private static final long serialVersionUID = 1L;

        /** The UDF. */
        public Rfc3986() {
            super(3);
        }
    }

    /** The host by RFC 1738 (the same as {@link Host}), for a name that says it. */
    public static final class Rfc1738 extends Host implements UDF1<String, String> {
        private static final long serialVersionUID = 1L;

        /** The UDF. */
        public Rfc1738() {
            super(0);
        }
    }
}
