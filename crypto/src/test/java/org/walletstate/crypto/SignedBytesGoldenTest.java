package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.interfaces.ECPublicKey;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPublicKeyParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.AttestationId;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;
import org.walletstate.verifier.StatementType;
import org.walletstate.verifier.internal.Base64Text;
import org.walletstate.verifier.internal.Es256;
import org.walletstate.verifier.internal.MlDsa65;

/**
 * The exact bytes the signer issues for fixed statements, keys and ids, against committed golden
 * files ({@code src/test/resources/golden/statements}): the whole {@code data} text, and the
 * classical and companion preimages. Signatures are randomized, so each signature in the text is
 * replaced by a placeholder and instead verified over the committed preimage bytes: the text is
 * fixed to the byte, and what every signature covers is fixed to the byte. Regenerate with {@code
 * -Dgolden.write=true} only when the format changes on purpose.
 */
class SignedBytesGoldenTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/statements");
  private static final boolean WRITE = Boolean.getBoolean("golden.write");

  /** One fixed signing: its name, namespace, and what it signs. */
  record Case(String name, Namespace namespace, KeyVersion version, boolean jwt, Attestation body) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> attestations() {
    Namespace insumer = Namespace.of("insumer");
    return Stream.of(
        new Case(
            "attestation-v2", Namespace.SERVICE, KeyVersion.V2, false, TestSigning.attestation()),
        new Case(
            "attestation-v2-jwt",
            Namespace.SERVICE,
            KeyVersion.V2,
            true,
            TestSigning.attestation()),
        new Case(
            "attestation-v1", Namespace.SERVICE, KeyVersion.V1, false, TestSigning.v1Attestation()),
        new Case(
            "attestation-v1-jwt",
            Namespace.SERVICE,
            KeyVersion.V1,
            true,
            TestSigning.v1Attestation()),
        new Case(
            "attestation-v2-extras-proof",
            Namespace.SERVICE,
            KeyVersion.V2,
            false,
            withExtrasAndProof()),
        new Case(
            "attestation-v1-extras-proof",
            Namespace.SERVICE,
            KeyVersion.V1,
            true,
            withExtrasAndProof()),
        new Case(
            "insumer-attestation-v2-jwt", insumer, KeyVersion.V2, true, TestSigning.attestation()),
        new Case(
            "insumer-attestation-v1", insumer, KeyVersion.V1, false, TestSigning.v1Attestation()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("attestations")
  void attestation_issuesTheCommittedBytes(Case c) throws Exception {
    SigningKeys keys = keys(c.namespace());
    String data =
        new DualAttestationSigner(keys, TestSigning.ISSUER, StatementLog.NONE)
            .sign(
                new SigningRequest(
                    c.body(), c.version(), c.jwt(), c.jwt() ? TestSigning.WALLET : null))
            .dataJson();
    PreimageScheme scheme = c.version() == KeyVersion.V1 ? PreimageScheme.V1 : PreimageScheme.V2;
    checkAgainstGolden(
        c.name(),
        data,
        keys,
        () -> {
          Preimages preimages = Preimages.of(c.namespace());
          byte[] classical =
              preimages.attestation(scheme, CanonicalJson.parse(data).get("attestation"));
          return new byte[][] {classical, preimages.attestationCompanion(classical)};
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("namespaces")
  void trustProfile_issuesTheCommittedBytes(Namespace namespace) throws Exception {
    SigningKeys keys = keys(namespace);
    String data =
        new DualAttestationSigner(keys, TestSigning.ISSUER, StatementLog.NONE)
            .signTrustProfile(GoldenArtifactsTest.trustProfile());
    checkAgainstGolden(
        namespace.word() + "-trust-v2",
        data,
        keys,
        () -> {
          Preimages preimages = Preimages.of(namespace);
          byte[] classical =
              preimages.trustProfile(PreimageScheme.V2, CanonicalJson.parse(data).get("trust"));
          return new byte[][] {classical, preimages.trustProfileCompanion(classical)};
        });
  }

  /**
   * The profile whose rows include an XRPL trust line ({@code trustLineState}) and a row that was
   * not evaluated ({@code met: false}): the added members are inside what is signed.
   */
  @Test
  void trustProfileWithEveryKindOfRow_issuesTheCommittedBytes() throws Exception {
    SigningKeys keys = keys(Namespace.SERVICE);
    String data =
        new DualAttestationSigner(keys, TestSigning.ISSUER, StatementLog.NONE)
            .signTrustProfile(GoldenArtifactsTest.trustProfileRows());
    checkAgainstGolden(
        "service-trust-v2-rows",
        data,
        keys,
        () -> {
          Preimages preimages = Preimages.of(Namespace.SERVICE);
          byte[] classical =
              preimages.trustProfile(PreimageScheme.V2, CanonicalJson.parse(data).get("trust"));
          return new byte[][] {classical, preimages.trustProfileCompanion(classical)};
        });
    String preimage = readText("service-trust-v2-rows.preimage.txt");
    assertThat(preimage)
        .contains("\"trustLineState\":{\"frozen\":true}")
        .contains("\"met\":false,\"reason\":\"wallet_not_provided\"");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("namespaces")
  void discount_issuesTheCommittedBytes(Namespace namespace) throws Exception {
    SigningKeys keys = keys(namespace);
    String data =
        new DualAttestationSigner(keys, TestSigning.ISSUER, StatementLog.NONE)
            .signDiscount(GoldenArtifactsTest.discount());
    checkAgainstGolden(
        namespace.word() + "-discount-v2",
        data,
        keys,
        () -> {
          Preimages preimages = Preimages.of(namespace);
          byte[] classical =
              preimages.statement(
                  StatementType.DISCOUNT,
                  PreimageScheme.V2,
                  CanonicalJson.parse(data).get("discount"));
          return new byte[][] {classical, preimages.companion(StatementType.DISCOUNT, classical)};
        });
  }

  @Test
  void signer_refusesANumberWithoutAnExactJavaScriptForm() {
    Attestation body =
        withExtras(
            PayloadValue.objectBuilder()
                .put("raw", PayloadValue.number(new BigDecimal("9007199254740993")))
                .build());
    assertThatThrownBy(() -> sign(body))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the number 9007199254740993 has no exact JavaScript form; issue it as a decimal"
                + " string");
  }

  @Test
  void signer_refusesAnExtraThatCollidesWithAResultField() {
    Attestation body = withExtras(PayloadValue.objectBuilder().put("met", false).build());
    assertThatThrownBy(() -> sign(body))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("extra member \"met\" collides with a result field");
  }

  private static String sign(Attestation body) {
    return TestSigning.signer()
        .sign(new SigningRequest(body, KeyVersion.V2, false, null))
        .dataJson();
  }

  private static Attestation withExtras(PayloadValue.Obj extras) {
    Attestation base = TestSigning.attestation();
    ConditionResult first = base.results().get(0);
    return new Attestation(
        base.id(),
        List.of(
            new ConditionResult(
                first.index(),
                first.label(),
                first.type(),
                first.chainId(),
                first.met(),
                first.evaluatedCondition(),
                first.anchor(),
                extras,
                first.proof())),
        base.attestedAt(),
        base.expiresAt());
  }

  static Stream<Namespace> namespaces() {
    return Stream.of(Namespace.SERVICE, Namespace.of("insumer"));
  }

  /**
   * The data text with its signatures masked equals the golden text; {@code sig} verifies over the
   * golden classical preimage, {@code pqSig} over the golden companion preimage, and the tokens
   * over their own signing input (which the golden text holds in full).
   */
  private static void checkAgainstGolden(
      String name, String data, SigningKeys keys, Supplier<byte[][]> preimagesToWrite)
      throws IOException {
    JsonNode holder = CanonicalJson.parse(data);
    // the preimages are written only on request, from the SDK as it stands; never read back here
    String masked = data;
    String sig = holder.get("sig").textValue();
    String pqSig = holder.get("pqSig").textValue();
    masked = masked.replace(sig, "<sig>").replace(pqSig, "<pqSig>");
    String jwt = text(holder, "jwt");
    String pqJwt = text(holder, "pqJwt");
    if (jwt != null) {
      masked = masked.replace(jwt, signingInput(jwt) + ".<es256>");
    }
    if (pqJwt != null) {
      masked = masked.replace(pqJwt, signingInput(pqJwt) + ".<ml-dsa-65>");
    }
    if (WRITE) {
      Files.createDirectories(GOLDEN);
      write(name + ".data.txt", masked.getBytes(StandardCharsets.UTF_8));
      byte[][] preimages = preimagesToWrite.get();
      write(name + ".preimage.txt", preimages[0]);
      write(name + ".companion-preimage.txt", preimages[1]);
    }
    assertThat(masked).as(name + " data").isEqualTo(readText(name + ".data.txt"));

    byte[] preimage = read(name + ".preimage.txt");
    byte[] companion = read(name + ".companion-preimage.txt");
    ECPublicKey ec = ecPublicKey(keys);
    MLDSAPublicKeyParameters mlDsa = MlDsa65.publicKey(keys.mlDsa().publicKey());
    assertThat(Es256.verify(ec, preimage, Base64Text.decodeStandard(sig)))
        .as(name + " sig over the golden preimage")
        .isTrue();
    assertThat(MlDsa65.verify(mlDsa, companion, Base64Text.decodeStandard(pqSig)))
        .as(name + " pqSig over the golden companion preimage")
        .isTrue();
    if (jwt != null) {
      assertThat(Es256.verify(ec, ascii(signingInput(jwt)), Base64Text.decodeUrl(last(jwt))))
          .isTrue();
    }
    if (pqJwt != null) {
      assertThat(
              MlDsa65.verify(mlDsa, ascii(signingInput(pqJwt)), Base64Text.decodeUrl(last(pqJwt))))
          .isTrue();
    }
  }

  private static byte[] read(String file) throws IOException {
    return Files.readAllBytes(GOLDEN.resolve(file));
  }

  private static String readText(String file) throws IOException {
    return new String(read(file), StandardCharsets.UTF_8);
  }

  private static void write(String file, byte[] bytes) throws IOException {
    Files.write(GOLDEN.resolve(file), bytes);
  }

  private static SigningKeys keys(Namespace namespace) {
    return SigningKeys.of(
        namespace,
        EcSigningKey.fromPrivateJwk(
            TestSigning.resource("test-keys/TEST-ONLY-p256.private.jwk.json")),
        MlDsaSigningKey.fromPrivateJwk(
            TestSigning.resource("test-keys/TEST-ONLY-ml-dsa-65.private.jwk.json"),
            new SecureRandom()));
  }

  private static ECPublicKey ecPublicKey(SigningKeys keys) {
    JsonNode jwk = keys.ec().publicJwk();
    return Es256.publicKey(
        Base64.getUrlDecoder().decode(jwk.get("x").textValue()),
        Base64.getUrlDecoder().decode(jwk.get("y").textValue()));
  }

  private static String text(JsonNode holder, String name) {
    JsonNode value = holder.get(name);
    return value == null ? null : value.textValue();
  }

  private static String signingInput(String jws) {
    return jws.substring(0, jws.lastIndexOf('.'));
  }

  private static String last(String jws) {
    return jws.substring(jws.lastIndexOf('.') + 1);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Three results: an EVM one with type extras (a large exact number, a small fraction, a text
   * amount) and a delivered proof object, a Solana one, and an XRPL one with a declined proof.
   */
  static Attestation withExtrasAndProof() {
    PayloadValue.Obj usdc =
        PayloadValue.objectBuilder()
            .put("type", "ratio_to_supply")
            .put("chainId", 8453)
            .put("contractAddress", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")
            .put("operator", "gte")
            .put("threshold", PayloadValue.number(new BigDecimal("0.000001")))
            .put("decimals", 6)
            .build();
    PayloadValue.Obj extras =
        PayloadValue.objectBuilder()
            .put("totalSupply", "123456789012345678901234567890")
            .put("supplyShown", PayloadValue.number(new BigDecimal("1e21")))
            .put("ratio", PayloadValue.number(new BigDecimal("1.5e-7")))
            .put("nothing", new PayloadValue.Null())
            .build();
    PayloadValue.Obj proof =
        PayloadValue.objectBuilder()
            .put("available", true)
            .put("type", "merkle")
            .put("subject", "erc20_balance")
            .put("blockNumber", "0x189ad40")
            .put("address", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")
            .put(
                "accountProof",
                PayloadValue.array(
                    List.of(PayloadValue.text("0xf851"), PayloadValue.text("0xe2a0"))))
            .put("decimals", 6)
            .build();
    PayloadValue.Obj sol =
        PayloadValue.objectBuilder()
            .put("type", "token_balance")
            .put("chainId", "solana")
            .put("contractAddress", "native")
            .put("operator", "gt")
            .put("threshold", "0")
            .build();
    PayloadValue.Obj xrp =
        PayloadValue.objectBuilder()
            .put("type", "token_balance")
            .put("chainId", "xrpl")
            .put("contractAddress", "native")
            .put("operator", "gte")
            .put("threshold", "10")
            .build();
    PayloadValue.Obj declined =
        PayloadValue.objectBuilder()
            .put("available", false)
            .put("reason", "no EVM state to prove")
            .build();
    Instant at = Instant.parse("2026-12-01T00:00:00.007Z");
    return new Attestation(
        new AttestationId("ATST-FEDCBA9876543210"),
        List.of(
            new ConditionResult(
                0,
                "supply \\ share\ttab",
                "ratio_to_supply",
                ChainId.evm(8453),
                true,
                usdc,
                new Anchor.EvmBlock(
                    BigInteger.valueOf(25_800_000L), Instant.parse("2026-11-30T23:59:58Z")),
                extras,
                Optional.of(proof)),
            new ConditionResult(
                1,
                "\u2028line\u0001",
                "token_balance",
                ChainId.named("solana"),
                true,
                sol,
                new Anchor.SolanaSlot(301_234_567L),
                PayloadValue.object(),
                Optional.empty()),
            new ConditionResult(
                2,
                "xrp",
                "token_balance",
                ChainId.named("xrpl"),
                false,
                xrp,
                new Anchor.XrplLedger(
                    93_000_000L,
                    "A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90"),
                PayloadValue.object(),
                Optional.of(declined))),
        at,
        at.plus(Attestation.LIFETIME));
  }
}
