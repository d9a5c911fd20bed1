#!/usr/bin/env bash
# Builds the JVM side of urikit for Spark: the JNI library
# (crates/jvm/target/release/liburikit_jvm.so) and the jar of its Java classes
# (crates/jvm/target/urikit-jvm.jar), compiled for Java 17 against the Spark
# jars of $SPARK_JARS, by default those of the PySpark that `python3` imports
# (the active venv's).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ -z "${SPARK_JARS:-}" ]; then
    jars='import os, pyspark; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))'
    SPARK_JARS=$(python3 -c "$jars" 2>/dev/null) || {
        echo "build.sh: python3 has no PySpark: activate the venv that has urikit[spark]," \
            "or set SPARK_JARS to the jars directory of a Spark 4 install" >&2
        exit 1
    }
fi
if [ ! -d "$SPARK_JARS" ]; then
    echo "build.sh: no Spark jars in $SPARK_JARS: set SPARK_JARS to the jars directory of a Spark 4 install" >&2
    exit 1
fi
# Its own target/, where the tests and urikit.spark look, whatever
# $CARGO_TARGET_DIR says.
CARGO_TARGET_DIR="$PWD/target" cargo build --release
rm -rf target/classes
javac --release 17 -Xlint:all,-path -Werror -cp "$SPARK_JARS/*" -d target/classes java/io/urikit/spark/*.java
# A new file put in place, not the old one rewritten: a JVM that has the old
# jar open (a running Spark session) keeps reading it whole.
jar --create --file target/urikit-jvm.jar.new -C target/classes .
mv -f target/urikit-jvm.jar.new target/urikit-jvm.jar
echo "built crates/jvm/target/urikit-jvm.jar and crates/jvm/target/release/liburikit_jvm.so"
