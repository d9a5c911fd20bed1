#!/usr/bin/env bash
# Builds the JVM side of urikit for Spark: the JNI library
# (target/release/liburikit_jvm.so) and the jar of its Java classes
# (target/urikit-jvm.jar), compiled for Java 17 against the Spark jars of
# $SPARK_JARS (default: those of the PySpark in target/python/venv, .ci/python.sh's venv).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ -z "${SPARK_JARS:-}" ]; then
    SPARK_JARS=$(echo ../../target/python/venv/lib/python3*/site-packages/pyspark/jars)
fi
if [ ! -d "$SPARK_JARS" ]; then
    echo "no Spark jars in $SPARK_JARS: set SPARK_JARS to the jars directory of a Spark 4 install" >&2
    exit 1
fi
# Its own target/, where the tests and urikit.spark look, whatever
# $CARGO_TARGET_DIR says.
CARGO_TARGET_DIR="$PWD/target" cargo build --release
rm -rf target/classes
javac --release 17 -Xlint:all,-path -Werror -cp "$SPARK_JARS/*" -d target/classes java/io/urikit/spark/*.java
jar --create --file target/urikit-jvm.jar -C target/classes .
echo "built target/urikit-jvm.jar and target/release/liburikit_jvm.so"
