package io.urikit.spark;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
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
        byte[] octets = new byte[n];
        for (int i = 0; i < n; i++) {
            char c = url.charAt(i);
            if (c >= 0x80) {
                return nonAscii(url);
            }
            octets[i] = (byte) c;
        }
        long found = Native.host(octets, spec);
        // ASCII: an octet offset is a char offset.
        return found < 0 ? null : url.substring((int) (found >>> 32), (int) found);
    }

    /** The host of a URL that is not all ASCII; null for one that is not Unicode (a lone surrogate). */
    private String nonAscii(String url) {
        ByteBuffer encoded;
        try {
            encoded = StandardCharsets.UTF_8
                    .newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(url));
        } catch (CharacterCodingException e) {
            return null;
        }
        byte[] octets = new byte[encoded.remaining()];
        encoded.get(octets);
        long found = Native.host(octets, spec);
        if (found < 0) {
            return null;
        }
        int start = (int) (found >>> 32);
        return new String(octets, start, (int) found - start, StandardCharsets.UTF_8);
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
