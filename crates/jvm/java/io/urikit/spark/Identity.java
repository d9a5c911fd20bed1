package io.urikit.spark;

import org.apache.spark.sql.api.java.UDF1;

/**
 * A Spark SQL UDF that returns its input: no urikit, no native code. The benchmark measures with it
 * the least a Java {@code UDF1<String, String>} costs a row (Spark's conversions to and from a Java
 * string), the floor under {@link Host}.
 */
public final class Identity implements UDF1<String, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String call(String url) {
        return url;
    }
}
