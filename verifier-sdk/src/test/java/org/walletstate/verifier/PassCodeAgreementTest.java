package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pass's QR-code text through both verifiers: codes of every malformed kind the Java SDK names,
 * codes of a complete pass (its signature not the issuer's, under a key set with and without the
 * pass kid, in both namespaces) and the same pass as a {@code data} object. Every verdict and
 * reason must agree ({@code js/tools/agree.mjs}); a code signed by the issuer and verified by the
 * TypeScript package is in {@code js/test/pass-code.test.mjs}.
 */
class PassCodeAgreementTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path WORK = Path.of("target/js-pass-code-agreement");
  private static final String SAVED = "saved jwks.json";

  @Test
  void bothVerifiers_readPassCodesAlike() throws Exception {
    String pass =
        "{\"wallet\":\"0x2222222222222222222222222222222222222222\",\"merchantId\":\"shop-1\","
            + "\"issuedAt\":\"2026-11-01T10:00:00.000Z\",\"expiresAt\":\"2026-11-01T10:01:00.000Z\"}";
    String sig = Base64.getEncoder().encodeToString(new byte[64]);
    String code = PassCode.of("{\"pass\":" + pass + ",\"sig\":\"" + sig + "\"}");
    String encodedPass = code.split("\\.")[1];
    List<String> inputs =
        List.of(
            code,
            "  " + code + "\n",
            code + "A",
            "P1." + encodedPass + ".AAEC",
            "P1.eyJhIjoxfQ.AAEC",
            "P1",
            "P1.a",
            "P2.eyJhIjoxfQ.AAEC",
            "P1.eyJhIjoxfQ.AA+C",
            "P1.WzFd.AAEC",
            "P1.eyJhIjoxLCJhIjoyfQ.AAEC",
            "P1.e30.AAEC",
            "P1." + "A".repeat(2000) + ".AA",
            "{\"data\":{\"pass\":"
                + pass
                + ",\"sig\":\""
                + sig
                + "\",\"kid\":\"service-pass-v2\"}}");
    ArrayNode cases = JSON.createArrayNode();
    for (String namespace : List.of("service", "insumer")) {
      for (String keys : List.of(SAVED, "empty")) {
        AttestationVerifier verifier =
            AttestationVerifier.builder(
                    keys.equals(SAVED) ? Conformance.savedKeySet() : KeySet.empty())
                .namespace(Namespace.of(namespace))
                .clock(Clock.fixed(Instant.parse("2026-11-01T10:00:20Z"), ZoneOffset.UTC))
                .build();
        for (int i = 0; i < inputs.size(); i++) {
          ObjectNode c = cases.addObject();
          c.put("label", namespace + " " + keys + " input " + i).put("kind", "pass");
          c.put("keys", keys);
          c.set("options", JavaScriptVerifierAgreementTest.options(verifier.policy()));
          c.put("input", inputs.get(i));
          c.set("java", JSON.readTree(verifier.reportPass(inputs.get(i)).toJson()));
        }
      }
    }
    ObjectNode corpus = JSON.createObjectNode();
    corpus.putObject("keySets").set(SAVED, JSON.readTree(Conformance.text("jwks.json")));
    corpus.set("cases", cases);
    JsonNode reports = NodeAgreement.agree(WORK, corpus);
    assertThat(reports).hasSize(cases.size());
    assertThat(new String(Base64.getUrlDecoder().decode(encodedPass), StandardCharsets.UTF_8))
        .contains("shop-1");
  }
}
