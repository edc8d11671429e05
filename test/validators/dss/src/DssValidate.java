import eu.europa.esig.dss.model.FileDocument;
import eu.europa.esig.dss.service.crl.OnlineCRLSource;
import eu.europa.esig.dss.service.ocsp.OnlineOCSPSource;
import eu.europa.esig.dss.simplereport.jaxb.XmlDetails;
import eu.europa.esig.dss.simplereport.jaxb.XmlMessage;
import eu.europa.esig.dss.simplereport.jaxb.XmlSignature;
import eu.europa.esig.dss.simplereport.jaxb.XmlSimpleReport;
import eu.europa.esig.dss.simplereport.jaxb.XmlTimestamp;
import eu.europa.esig.dss.simplereport.jaxb.XmlTimestamps;
import eu.europa.esig.dss.simplereport.jaxb.XmlToken;
import eu.europa.esig.dss.spi.DSSUtils;
import eu.europa.esig.dss.spi.validation.CommonCertificateVerifier;
import eu.europa.esig.dss.spi.x509.CommonTrustedCertificateSource;
import eu.europa.esig.dss.spi.x509.aia.DefaultAIASource;
import eu.europa.esig.dss.validation.SignedDocumentValidator;
import eu.europa.esig.dss.validation.reports.Reports;
import java.io.File;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * Validates a PDF with EU DSS under its default validation policy and prints one JSON line per
 * signature and per document time-stamp: DSS's determined level and its indication.
 *
 *   DssValidate <file.pdf> --trust <root.pem> [--time <ISO-8601 validation time>] [--reports <dir>]
 *
 * The trusted list is the given root alone; OCSP, CRLs and issuer certificates may be fetched
 * online (the development PKI serves them on loopback).
 */
public final class DssValidate {
  private static eu.europa.esig.dss.diagnostic.DiagnosticData diagnostic;

  public static void main(String[] args) throws Exception {
    String file = null, trust = null, time = null, reportsDir = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--trust" -> trust = args[++i];
        case "--time" -> time = args[++i];
        case "--reports" -> reportsDir = args[++i];
        default -> file = args[i];
      }
    }
    if (file == null || trust == null) {
      System.err.println("usage: DssValidate <file.pdf> --trust <root.pem> [--time <ISO-8601>] [--reports <dir>]");
      System.exit(2);
    }
    CommonTrustedCertificateSource trusted = new CommonTrustedCertificateSource();
    trusted.addCertificate(DSSUtils.loadCertificate(new File(trust)));
    CommonCertificateVerifier verifier = new CommonCertificateVerifier();
    verifier.setTrustedCertSources(trusted);
    verifier.setOcspSource(new OnlineOCSPSource());
    verifier.setCrlSource(new OnlineCRLSource());
    verifier.setAIASource(new DefaultAIASource());

    SignedDocumentValidator validator = SignedDocumentValidator.fromDocument(new FileDocument(file));
    validator.setCertificateVerifier(verifier);
    if (time != null) validator.setValidationTime(Date.from(Instant.parse(time)));
    Reports reports = validator.validateDocument();
    if (reportsDir != null) {
      java.nio.file.Files.writeString(new File(reportsDir, "simple-report.xml").toPath(), reports.getXmlSimpleReport());
      java.nio.file.Files.writeString(new File(reportsDir, "detailed-report.xml").toPath(), reports.getXmlDetailedReport());
    }

    diagnostic = reports.getDiagnosticData();
    XmlSimpleReport report = reports.getSimpleReport().getJaxbModel();
    for (XmlToken token : report.getSignatureOrTimestampOrEvidenceRecord()) {
      if (token instanceof XmlSignature s) {
        List<String> timestamps = new ArrayList<>();
        XmlTimestamps ts = s.getTimestamps();
        if (ts != null) for (XmlTimestamp t : ts.getTimestamp()) timestamps.add(timestampJson(t));
        System.out.println("{\"kind\":\"signature\",\"id\":" + q(s.getId())
            + ",\"level\":" + q(s.getSignatureFormat() == null ? null : s.getSignatureFormat().toString())
            + ",\"indication\":" + q(s.getIndication() == null ? null : s.getIndication().name())
            + ",\"subIndication\":" + q(s.getSubIndication() == null ? null : s.getSubIndication().name())
            + ",\"signedBy\":" + q(s.getSignedBy())
            + ",\"errors\":" + messages(s.getAdESValidationDetails(), true)
            + ",\"warnings\":" + messages(s.getAdESValidationDetails(), false)
            + ",\"qualificationErrors\":" + messages(s.getQualificationDetails(), true)
            + ",\"timestamps\":[" + String.join(",", timestamps) + "]}");
      } else if (token instanceof XmlTimestamp t) {
        System.out.println(timestampJson(t));
      }
    }
  }

  private static String timestampJson(XmlTimestamp t) {
    return "{\"kind\":\"timestamp\",\"id\":" + q(t.getId())
        + ",\"type\":" + q(timestampType(t.getId()))
        + ",\"productionTime\":" + q(t.getProductionTime() == null ? null : t.getProductionTime().toInstant().toString())
        + ",\"indication\":" + q(t.getIndication() == null ? null : t.getIndication().name())
        + ",\"subIndication\":" + q(t.getSubIndication() == null ? null : t.getSubIndication().name())
        + ",\"errors\":" + messages(t.getAdESValidationDetails(), true)
        + ",\"warnings\":" + messages(t.getAdESValidationDetails(), false) + "}";
  }

  /** SIGNATURE_TIMESTAMP, DOCUMENT_TIMESTAMP, ARCHIVE_TIMESTAMP … (from the diagnostic data). */
  private static String timestampType(String id) {
    var ts = diagnostic.getTimestampById(id);
    return ts == null || ts.getType() == null ? null : ts.getType().name();
  }

  private static String messages(XmlDetails details, boolean errors) {
    List<String> out = new ArrayList<>();
    if (details != null) for (XmlMessage m : errors ? details.getError() : details.getWarning()) out.add(q(m.getValue()));
    return "[" + String.join(",", out) + "]";
  }

  private static String q(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
