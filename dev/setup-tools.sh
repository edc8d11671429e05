#!/usr/bin/env bash
# `npm run setup:tools`: the independent validators and renderer the test suite uses, installed
# only when missing — poppler-utils (pdfsig, pdftotext, pdftoppm), qpdf, Chromium (HTML to PDF),
# and pyHanko, the MCP SDK, schemathesis, standardwebhooks and bagit from PyPI — plus the Temporal CLI, the EU DSS validator
# and veraPDF.
# Idempotent and quick when all are present.
set -euo pipefail

missing=()
command -v pdfsig >/dev/null || missing+=(poppler-utils)
command -v qpdf >/dev/null || missing+=(qpdf)
command -v chromium >/dev/null || missing+=(chromium fonts-dejavu-core fonts-liberation)
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing ${missing[*]} from Debian packages"
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    { $sudo apt-get update >/dev/null && $sudo apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
fi

if ! command -v pyhanko >/dev/null; then
  echo "installing pyHanko from PyPI"
  python3 -m pip install --quiet --disable-pip-version-check pyhanko pyhanko-cli
fi

# The Python MCP SDK (a second MCP client nobody here wrote), schemathesis (OpenAPI fuzzing) and
# the Standard Webhooks library (the webhook receiver of the fault test verifies with it).
if ! python3 -c 'import mcp' 2>/dev/null || ! command -v schemathesis >/dev/null || ! python3 -c 'import standardwebhooks' 2>/dev/null; then
  echo "installing the MCP SDK, schemathesis and standardwebhooks from PyPI"
  python3 -m pip install --quiet --disable-pip-version-check mcp schemathesis standardwebhooks
fi

# The Library of Congress's bagit.py validates the BagIt packages of case-file exports (RFC 8493).
if ! python3 -c 'import bagit' 2>/dev/null; then
  echo "installing bagit from PyPI"
  python3 -m pip install --quiet --disable-pip-version-check bagit
fi

npm run --silent temporal:install

# Temporal's time-skipping test server (Java, from Maven Central) for the fast workflow tests.
tts=.tools/temporal-test-server
if [ ! -x "$tts/temporal-test-server" ]; then
  if command -v java >/dev/null && command -v mvn >/dev/null; then
    echo "installing Temporal's time-skipping test server from Maven Central"
    mvn -q -B -f test/validators/temporal-test-server/pom.xml dependency:copy-dependencies -DoutputDirectory="$PWD/$tts/lib" >/dev/null
    printf '#!/bin/sh\n# Started by @temporalio/testing with the port as argument.\nexec java -XX:+UseSerialGC -Xss512k -cp "%s/lib/*" io.temporal.testserver.TestServer "$@"\n' "$PWD/$tts" >"$tts/temporal-test-server"
    chmod +x "$tts/temporal-test-server"
  else
    echo "Java 17 and Maven not found: the time-skipping workflow tests will be skipped"
  fi
fi

# EU DSS as an independent PAdES validator (test/validators/dss): its jars from Maven Central,
# then DssValidate.java compiled against them. Rebuilt when the pom or the source changes.
dss=.tools/dss-validator
dss_stamp="$(cat test/validators/dss/pom.xml test/validators/dss/src/DssValidate.java | sha256sum | cut -c1-16)"
if [ ! -x "$dss/dss-validate" ] || [ "$(cat "$dss/.stamp" 2>/dev/null)" != "$dss_stamp" ]; then
  if command -v java >/dev/null && command -v javac >/dev/null && command -v mvn >/dev/null; then
    echo "building the EU DSS validator (jars from Maven Central, ~60 MB the first time)"
    rm -rf "$dss/lib" "$dss/classes"
    mvn -q -B -f test/validators/dss/pom.xml dependency:copy-dependencies -DoutputDirectory="$PWD/$dss/lib" >/dev/null
    mkdir -p "$dss/classes"
    javac -d "$dss/classes" -cp "$dss/lib/*" test/validators/dss/src/DssValidate.java
    printf '#!/bin/sh\n# EU DSS under its default policy: DssValidate <file.pdf> --trust <root.pem> [--time <ISO-8601>]\nexec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "%s/classes:%s/lib/*" DssValidate "$@"\n' "$PWD/$dss" "$PWD/$dss" >"$dss/dss-validate"
    chmod +x "$dss/dss-validate"
    echo "$dss_stamp" >"$dss/.stamp"
  else
    echo "Java 17 (with javac) and Maven not found: the EU DSS validation tests will be skipped"
  fi
fi

# veraPDF for the PDF/UA-1 check of official PDFs (test/validators/verapdf): its jars from Maven Central.
vera=.tools/verapdf
vera_stamp="$(sha256sum test/validators/verapdf/pom.xml | cut -c1-16)"
if [ ! -x "$vera/verapdf" ] || [ "$(cat "$vera/.stamp" 2>/dev/null)" != "$vera_stamp" ]; then
  if command -v java >/dev/null && command -v mvn >/dev/null; then
    echo "installing veraPDF from Maven Central"
    rm -rf "$vera/lib"
    mvn -q -B -f test/validators/verapdf/pom.xml dependency:copy-dependencies -DoutputDirectory="$PWD/$vera/lib" >/dev/null
    printf '#!/bin/sh\n# veraPDF command line: verapdf -f ua1 --format json <file.pdf>\nexec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "%s/lib/*" org.verapdf.apps.GreenfieldCliWrapper "$@"\n' "$PWD/$vera" >"$vera/verapdf"
    chmod +x "$vera/verapdf"
    echo "$vera_stamp" >"$vera/.stamp"
  else
    echo "Java 17 and Maven not found: the PDF/UA test of official PDFs will be skipped"
  fi
fi

# MinIO (an S3-compatible server) for the S3 object-store tests, built from the Go module proxy.
if ! command -v minio >/dev/null && [ ! -x "$HOME/go/bin/minio" ]; then
  if command -v go >/dev/null; then
    echo "building MinIO from the Go module proxy (several minutes the first time)"
    go install github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c
  else
    echo "Go not found: the S3 object-store tests will be skipped"
  fi
fi

# helm and kubeconform check the Kubernetes chart in deploy/helm (test/deploy), built from the Go
# module proxy; kubeconform reads Kubernetes JSON schemas made offline from the OpenAPI document
# of the k8s.io/kubernetes module (its usual schema location is not reachable from every machine).
k8s_version=v1.34.2
mkdir -p .tools/bin
if [ ! -x .tools/bin/helm ] || [ ! -x .tools/bin/kubeconform ] || [ ! -f ".tools/kubernetes-schemas/$k8s_version/deployment-apps-v1.json" ]; then
  if command -v go >/dev/null; then
    if [ ! -x .tools/bin/helm ]; then
      echo "building helm from the Go module proxy (a few minutes the first time)"
      GOBIN="$PWD/.tools/bin" go install helm.sh/helm/v3/cmd/helm@v3.22.0 ||
        GOBIN="$PWD/.tools/bin" go install helm.sh/helm/v3/cmd/helm@v3.21.4
    fi
    if [ ! -x .tools/bin/kubeconform ]; then
      echo "building kubeconform from the Go module proxy"
      GOBIN="$PWD/.tools/bin" go install github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0
    fi
    if [ ! -f ".tools/kubernetes-schemas/$k8s_version/deployment-apps-v1.json" ]; then
      echo "making the Kubernetes $k8s_version JSON schemas (k8s.io/kubernetes from the Go module proxy, ~18 MB, not kept)"
      modcache="$(mktemp -d)"
      GOMODCACHE="$modcache" GOFLAGS=-modcacherw go mod download "k8s.io/kubernetes@$k8s_version"
      node --import tsx test/deploy/kubernetes-schemas.ts "$modcache/k8s.io/kubernetes@$k8s_version/api/openapi-spec/swagger.json" ".tools/kubernetes-schemas/$k8s_version"
      rm -rf "$modcache"
    fi
  else
    echo "Go not found: the Kubernetes chart test will be skipped"
  fi
fi
