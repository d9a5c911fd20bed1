package io.urikit.spark;

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

    /** The spec's place in {@code urikit::Spec::ALL}: rfc1738, rfc1630, rfc1808, rfc3986. */
    private final int spec;

    /** The host by RFC 1738. */
    public Host() {
        this(0);
    }

    Host(int spec) {
        this.spec = spec;
    }

    @Override
    public String call(String url) {
        if (url == null) {
            return null;
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
