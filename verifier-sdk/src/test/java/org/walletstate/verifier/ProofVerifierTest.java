package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.verifier.internal.BlockHeaderHash;
import org.walletstate.verifier.internal.Keccak;
import org.walletstate.verifier.internal.MerklePatriciaTrie;
import org.walletstate.verifier.internal.Rlp;

/**
 * Proof checks on real {@code eth_getProof} answers and block headers of the devnet's anvil nodes
 * (chain 1 with Prague rules, chain 8453 in OP mode), saved as fixtures, in the shape the service
 * signs them.
 */
class ProofVerifierTest {

  static final ObjectMapper JSON = new ObjectMapper();

  static JsonNode fixture(long chain) {
    try (InputStream in =
        ProofVerifierTest.class.getResourceAsStream("/proofs/anvil-" + chain + ".json")) {
      return JSON.readTree(in);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static String stateRoot(JsonNode fixture) {
    return fixture.path("header").path("stateRoot").asText();
  }

  /** The service's proof object of an ERC-20 balance slot, from an eth_getProof answer. */
  static ObjectNode erc20Proof(JsonNode fixture, JsonNode answer, String holder, int decimals) {
    ObjectNode proof = JSON.createObjectNode();
    proof.put("available", true).put("type", "merkle");
    proof.put("blockNumber", fixture.path("blockNumber").asText());
    proof.put("address", answer.path("address").asText());
    proof.put("contractAddress", answer.path("address").asText());
    proof.put("holder", holder);
    proof.put("mappingSlot", "0x0").put("layout", "solidity");
    proof.put("storageKey", pad(answer.path("storageProof").get(0).path("key").asText()));
    proof.put("decimals", decimals);
    accountFields(proof, answer);
    return proof;
  }

  static ObjectNode accountProof(JsonNode fixture, JsonNode answer, String subject) {
    ObjectNode proof = JSON.createObjectNode();
    proof.put("available", true).put("type", "merkle").put("subject", subject);
    proof.put("blockNumber", fixture.path("blockNumber").asText());
    proof.put("address", answer.path("address").asText());
    if (subject.equals("account_balance")) {
      proof.put("decimals", 18);
    }
    accountFields(proof, answer);
    proof.putArray("storageProof");
    return proof;
  }

  private static void accountFields(ObjectNode proof, JsonNode answer) {
    for (String f : List.of("nonce", "balance", "codeHash", "storageHash")) {
      proof.put(f, answer.path(f).asText());
    }
    proof.set("accountProof", answer.path("accountProof").deepCopy());
    if (answer.path("storageProof").size() > 0) {
      ArrayNode storage = proof.putArray("storageProof");
      JsonNode slot = answer.path("storageProof").get(0);
      storage
          .addObject()
          .put("key", pad(slot.path("key").asText()))
          .put("value", slot.path("value").asText())
          .set("proof", slot.path("proof").deepCopy());
    }
  }

  private static String pad(String hex) {
    return "0x" + "0".repeat(66 - hex.length()) + hex.substring(2);
  }

  static ObjectNode result(
      JsonNode fixture, String type, boolean met, ObjectNode condition, ObjectNode proof) {
    ObjectNode result = JSON.createObjectNode();
    result.put("condition", 0).put("type", type).put("chainId", fixture.path("chainId").asLong());
    result.put("met", met);
    result.set("evaluatedCondition", condition);
    result.put("blockNumber", fixture.path("blockNumber").asText());
    result.set("proof", proof);
    return result;
  }

  static ObjectNode balanceCondition(JsonNode fixture, String contract, String threshold) {
    ObjectNode c = JSON.createObjectNode();
    c.put("type", "token_balance").put("chainId", fixture.path("chainId").asLong());
    c.put("contractAddress", contract).put("operator", "gte").put("threshold", threshold);
    return c;
  }

  static ObjectNode codeCondition(JsonNode fixture, String expect, String delegate) {
    ObjectNode c = JSON.createObjectNode();
    c.put("type", "account_code").put("chainId", fixture.path("chainId").asLong());
    c.put("expect", expect).put("operator", "code_state");
    if (delegate != null) {
      c.put("delegate", delegate.toLowerCase());
    }
    return c;
  }

  private static ProofVerdict check(ProofVerifier verifier, ObjectNode result) {
    ObjectNode attestation = JSON.createObjectNode();
    attestation.putArray("results").add(result);
    return verifier.verifyResults(attestation).get(0);
  }

  private static ProofVerifier trusting(JsonNode fixture) {
    return ProofVerifier.builder().trustStateRoot(stateRoot(fixture)).build();
  }

  @ParameterizedTest(name = "chain {0}")
  @ValueSource(longs = {1, 8453})
  void headersHashToTheirBlockHashThroughPrague(long chain) {
    JsonNode header = fixture(chain).path("header");
    assertThat("0x" + HexFormat.of().formatHex(BlockHeaderHash.of(header)))
        .isEqualTo(header.path("hash").asText());
    assertThat(header.has("requestsHash")).isTrue();
  }

  @ParameterizedTest(name = "chain {0}")
  @ValueSource(longs = {1, 8453})
  void erc20BalancesOf6And18DecimalTokensVerifyAgainstATrustedHeader(long chain) {
    JsonNode f = fixture(chain);
    String holder = f.path("holder").asText();
    ProofVerifier verifier =
        ProofVerifier.builder()
            .trustHeader(chain, f.path("header"), f.path("header").path("hash").asText())
            .wallet(holder)
            .build();
    // 1500.25 dUSD (6 decimals), 2.5 dETH (18 decimals)
    ProofVerdict six =
        check(
            verifier,
            result(
                f,
                "token_balance",
                true,
                balanceCondition(f, f.path("token6").asText(), "1500.25"),
                erc20Proof(f, f.path("holderToken6"), holder, 6)));
    assertThat(six.status()).as(six.toString()).isEqualTo(ProofVerdict.Status.VERIFIED);
    assertThat(six.provenValue()).contains(BigInteger.valueOf(1_500_250_000L));
    ProofVerdict eighteen =
        check(
            verifier,
            result(
                f,
                "token_balance",
                false,
                balanceCondition(f, f.path("token18").asText(), "2.500000000000000001"),
                erc20Proof(f, f.path("holderToken18"), holder, 18)));
    assertThat(eighteen.status()).as(eighteen.toString()).isEqualTo(ProofVerdict.Status.VERIFIED);
  }

  @Test
  void aWrongVerdictIsRejectedAtTheVerdictStep() {
    JsonNode f = fixture(8453);
    String holder = f.path("holder").asText();
    ProofVerdict verdict =
        check(
            trusting(f),
            result(
                f,
                "token_balance",
                true,
                balanceCondition(f, f.path("token6").asText(), "1500.250001"),
                erc20Proof(f, f.path("holderToken6"), holder, 6)));
    assertThat(verdict.status()).isEqualTo(ProofVerdict.Status.REJECTED);
    assertThat(verdict.failedStep()).contains(ProofStep.VERDICT);
  }

  @Test
  void aNonHoldersSlotIsProvenEmptyByExclusion() {
    JsonNode f = fixture(8453);
    String empty = f.path("empty").asText();
    ObjectNode proof = erc20Proof(f, f.path("emptyToken6"), empty, 6);
    ProofVerdict verdict =
        check(
            ProofVerifier.builder().trustStateRoot(stateRoot(f)).wallet(empty).build(),
            result(
                f,
                "token_balance",
                false,
                balanceCondition(f, f.path("token6").asText(), "1"),
                proof));
    assertThat(verdict.status()).as(verdict.toString()).isEqualTo(ProofVerdict.Status.VERIFIED);
    assertThat(verdict.provenValue()).contains(BigInteger.ZERO);
  }

  @Test
  void tamperedProofsAreRejectedAtTheStepThatBreaks() {
    JsonNode f = fixture(8453);
    String holder = f.path("holder").asText();
    ObjectNode condition = balanceCondition(f, f.path("token6").asText(), "1000");

    ObjectNode node = erc20Proof(f, f.path("holderToken6"), holder, 6);
    ArrayNode account = (ArrayNode) node.get("accountProof");
    account.set(1, JSON.getNodeFactory().textNode(flipLastByte(account.get(1).asText())));
    assertThat(check(trusting(f), result(f, "token_balance", true, condition, node)).failedStep())
        .contains(ProofStep.ACCOUNT_PROOF);

    ObjectNode value = erc20Proof(f, f.path("holderToken6"), holder, 6);
    ((ObjectNode) value.path("storageProof").get(0)).put("value", "0x5f5e1000");
    assertThat(check(trusting(f), result(f, "token_balance", true, condition, value)).failedStep())
        .contains(ProofStep.STORAGE_PROOF);

    ObjectNode storageNode = erc20Proof(f, f.path("holderToken6"), holder, 6);
    ArrayNode slotNodes = (ArrayNode) storageNode.path("storageProof").get(0).get("proof");
    int last = slotNodes.size() - 1;
    slotNodes.set(last, JSON.getNodeFactory().textNode(flipLastByte(slotNodes.get(last).asText())));
    assertThat(
            check(trusting(f), result(f, "token_balance", true, condition, storageNode))
                .failedStep())
        .contains(ProofStep.STORAGE_PROOF);

    ObjectNode balance = erc20Proof(f, f.path("holderToken6"), holder, 6);
    balance.put("storageHash", "0x" + "11".repeat(32));
    assertThat(
            check(trusting(f), result(f, "token_balance", true, condition, balance)).failedStep())
        .contains(ProofStep.ACCOUNT_FIELDS);

    ObjectNode otherHolder = erc20Proof(f, f.path("holderToken6"), f.path("empty").asText(), 6);
    assertThat(
            check(trusting(f), result(f, "token_balance", true, condition, otherHolder))
                .failedStep())
        .contains(ProofStep.BINDING);

    ObjectNode pinned = erc20Proof(f, f.path("holderToken6"), holder, 6);
    ProofVerifier wrongWallet =
        ProofVerifier.builder()
            .trustStateRoot(stateRoot(f))
            .wallet(f.path("empty").asText())
            .build();
    assertThat(check(wrongWallet, result(f, "token_balance", true, condition, pinned)).failedStep())
        .contains(ProofStep.BINDING);

    ObjectNode decimals = erc20Proof(f, f.path("holderToken6"), holder, 6);
    ProofVerifier pinnedDecimals =
        ProofVerifier.builder()
            .trustStateRoot(stateRoot(f))
            .tokenDecimals(8453, f.path("token6").asText(), 18)
            .build();
    assertThat(
            check(pinnedDecimals, result(f, "token_balance", true, condition, decimals))
                .failedStep())
        .contains(ProofStep.DECIMALS);

    ObjectNode wrongRoot = erc20Proof(f, f.path("holderToken6"), holder, 6);
    ProofVerifier otherRoot = ProofVerifier.builder().trustStateRoot(stateRoot(fixture(1))).build();
    assertThat(
            check(otherRoot, result(f, "token_balance", true, condition, wrongRoot)).failedStep())
        .contains(ProofStep.ACCOUNT_PROOF);
  }

  @Test
  void rootsAreTrustedOnlyForTheirChainAndBlockAndHeadersMustHashRight() {
    JsonNode f = fixture(8453);
    String holder = f.path("holder").asText();
    ObjectNode result =
        result(
            f,
            "token_balance",
            true,
            balanceCondition(f, f.path("token6").asText(), "1"),
            erc20Proof(f, f.path("holderToken6"), holder, 6));
    ProofVerifier otherChain =
        ProofVerifier.builder()
            .trustStateRoot(
                1, new BigInteger(f.path("blockNumber").asText().substring(2), 16), stateRoot(f))
            .build();
    assertThat(check(otherChain, result).status()).isEqualTo(ProofVerdict.Status.NO_TRUSTED_ROOT);
    ProofVerifier badHeader =
        ProofVerifier.builder()
            .trustHeader(8453L, f.path("header"), "0x" + "22".repeat(32))
            .build();
    ProofVerdict verdict = check(badHeader, result);
    assertThat(verdict.failedStep()).contains(ProofStep.STATE_ROOT);
    ObjectNode later = result.deepCopy();
    later.put("blockNumber", "0x999");
    assertThat(check(trusting(f), later).failedStep()).contains(ProofStep.BLOCK);
  }

  @Test
  void nativeBalanceAndCodeStatesVerifyFromTheAccountLeaf() {
    JsonNode f = fixture(8453);
    String holder = f.path("holder").asText();
    BigInteger wei =
        new BigInteger(f.path("holderAccount").path("balance").asText().substring(2), 16);
    ProofVerdict nativeBalance =
        check(
            ProofVerifier.builder().trustStateRoot(stateRoot(f)).wallet(holder).build(),
            result(
                f,
                "token_balance",
                true,
                balanceCondition(f, "native", "1.4"),
                accountProof(f, f.path("holderAccount"), "account_balance")));
    assertThat(nativeBalance.status())
        .as(nativeBalance.toString())
        .isEqualTo(ProofVerdict.Status.VERIFIED);
    assertThat(nativeBalance.provenValue()).contains(wei);

    String target = f.path("delegateTarget").asText();
    record Case(String account, String expect, String delegate, boolean met, boolean limited) {}
    for (Case c :
        List.of(
            new Case("holderAccount", "none", null, true, false),
            new Case("emptyAccount", "none", null, true, false),
            new Case("emptyAccount", "contract", null, false, false),
            new Case("delegatedAccount", "eip7702", target, true, false),
            new Case("delegatedAccount", "none", null, false, false),
            new Case("delegatedAccount", "eip7702", null, true, true),
            new Case("contractAccount", "contract", null, true, true),
            new Case("contractAccount", "eip7702", target, false, false))) {
      ProofVerdict verdict =
          check(
              trusting(f),
              result(
                  f,
                  "account_code",
                  c.met(),
                  codeCondition(f, c.expect(), c.delegate()),
                  accountProof(f, f.path(c.account()), "account_code")));
      assertThat(verdict.status()).as(c + " " + verdict).isEqualTo(ProofVerdict.Status.VERIFIED);
      assertThat(verdict.limitation().isPresent()).as(c.toString()).isEqualTo(c.limited());
      ProofVerdict lie =
          check(
              trusting(f),
              result(
                  f,
                  "account_code",
                  !c.met(),
                  codeCondition(f, c.expect(), c.delegate()),
                  accountProof(f, f.path(c.account()), "account_code")));
      if (!c.limited()) {
        assertThat(lie.failedStep()).as(c.toString()).contains(ProofStep.VERDICT);
      }
    }
  }

  @Test
  void declinedAndAbsentProofsAreReportedAsSuch() {
    JsonNode f = fixture(8453);
    ObjectNode declined = JSON.createObjectNode();
    declined.put("available", false).put("type", "merkle").put("reason", "computed balance");
    ProofVerdict verdict =
        check(
            trusting(f),
            result(
                f,
                "token_balance",
                true,
                balanceCondition(f, f.path("token6").asText(), "1"),
                declined));
    assertThat(verdict.status()).isEqualTo(ProofVerdict.Status.DECLINED);
    assertThat(verdict.detail()).isEqualTo("computed balance");
    ObjectNode none =
        result(
            f,
            "token_balance",
            true,
            balanceCondition(f, f.path("token6").asText(), "1"),
            declined);
    none.remove("proof");
    assertThat(check(trusting(f), none).status()).isEqualTo(ProofVerdict.Status.ABSENT);
  }

  @Test
  void rlpAndTrieWalkRejectMalformedInput() {
    assertThatThrownBy(() -> Rlp.decode(new byte[] {(byte) 0x81, 0x05}))
        .isInstanceOf(Rlp.RlpException.class);
    assertThatThrownBy(() -> Rlp.decode(new byte[] {(byte) 0xc1, 0x01, 0x02}))
        .isInstanceOf(Rlp.RlpException.class);
    assertThat(Rlp.encodeUnsigned(BigInteger.ZERO)).containsExactly((byte) 0x80);
    assertThat(Rlp.encodeBytes(new byte[] {0x7f})).containsExactly((byte) 0x7f);
    // an empty trie proves every key absent, with no nodes or with the empty root node
    assertThat(MerklePatriciaTrie.get(MerklePatriciaTrie.EMPTY_ROOT, new byte[32], List.of()))
        .isEmpty();
    assertThat(
            MerklePatriciaTrie.get(
                MerklePatriciaTrie.EMPTY_ROOT, new byte[32], List.of(new byte[] {(byte) 0x80})))
        .isEmpty();
    assertThat(Keccak.hash(new byte[] {(byte) 0x80})).isEqualTo(MerklePatriciaTrie.EMPTY_ROOT);
    // a proof cut short is an error, not an exclusion
    JsonNode f = fixture(8453);
    List<byte[]> nodes = new java.util.ArrayList<>();
    f.path("holderAccount")
        .path("accountProof")
        .forEach(n -> nodes.add(HexFormat.of().parseHex(n.asText().substring(2))));
    byte[] root = HexFormat.of().parseHex(stateRoot(f).substring(2));
    byte[] address = HexFormat.of().parseHex(f.path("holder").asText().substring(2));
    assertThat(MerklePatriciaTrie.get(root, address, nodes)).isPresent();
    assertThatThrownBy(
            () -> MerklePatriciaTrie.get(root, address, nodes.subList(0, nodes.size() - 1)))
        .isInstanceOf(MerklePatriciaTrie.ProofException.class);
  }

  private static String flipLastByte(String hex) {
    int last = Integer.parseInt(hex.substring(hex.length() - 2), 16) ^ 0x01;
    return hex.substring(0, hex.length() - 2) + String.format("%02x", last);
  }
}
