package io.urikit.spark;

import org.apache.spark.sql.api.java.UDF1;

/**
 * A Spark SQL UDF that returns its input octets: no urikit, no native code. Over {@code CAST(url AS
 * BINARY)}, and cast back to a string, it measures the least a Java UDF on a URL's UTF-8 octets costs
 * a row, the floor under {@link HostOctets}.
 */
public final class IdentityOctets implements UDF1<byte[], byte[]> {
    private static final long serialVersionUID = 1L;

    @Override
    public byte[] call(byte[] url) {
        return url;
    }
}
