package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An issuer's check of raw {@code eth_getProof} answers against the block's state root, on the
 * saved answers of the devnet's anvil nodes (chain 1 with Prague rules, chain 8453 in OP mode).
 */
class StateProofCheckTest {

  private static final HexFormat HEX = HexFormat.of();
  private static final List<String> ANSWERS =
      List.of(
          "holderToken6",
          "holderToken18",
          "emptyToken6",
          "holderAccount",
          "emptyAccount",
          "delegatedAccount",
          "contractAccount");

  @ParameterizedTest(name = "chain {0}")
  @ValueSource(longs = {1, 8453})
  void problem_isEmptyForEveryAnswerOfTheNodeAtItsStateRoot(long chain) {
    JsonNode f = ProofVerifierTest.fixture(chain);
    for (String name : ANSWERS) {
      assertThat(StateProofCheck.problem(root(f), answer(f.path(name)))).as(name).isEmpty();
    }
  }

  @ParameterizedTest(name = "chain {0}")
  @ValueSource(longs = {1, 8453})
  void problem_namesAnEditedValueBalanceOrProof(long chain) {
    JsonNode f = ProofVerifierTest.fixture(chain);
    StateProofCheck.Answer good = answer(f.path("holderToken6"));
    StateProofCheck.Slot slot = good.storageProof().get(0);

    StateProofCheck.Answer otherValue =
        with(
            good,
            good.balance(),
            good.accountProof(),
            List.of(
                new StateProofCheck.Slot(
                    slot.key(), slot.value().add(BigInteger.ONE), slot.proof())));
    assertThat(StateProofCheck.problem(root(f), otherValue))
        .get()
        .asString()
        .contains("differs from the claimed one");

    StateProofCheck.Answer otherBalance =
        with(good, BigInteger.TEN, good.accountProof(), good.storageProof());
    assertThat(StateProofCheck.problem(root(f), otherBalance))
        .contains("the proven account fields differ from the claimed ones");

    List<byte[]> cut = good.accountProof().subList(0, good.accountProof().size() - 1);
    assertThat(
            StateProofCheck.problem(root(f), with(good, good.balance(), cut, good.storageProof())))
        .isPresent();

    List<byte[]> flipped = new ArrayList<>(slot.proof());
    byte[] last = flipped.get(flipped.size() - 1).clone();
    last[last.length - 1] ^= 0x01;
    flipped.set(flipped.size() - 1, last);
    StateProofCheck.Answer otherNode =
        with(
            good,
            good.balance(),
            good.accountProof(),
            List.of(new StateProofCheck.Slot(slot.key(), slot.value(), flipped)));
    assertThat(StateProofCheck.problem(root(f), otherNode)).isPresent();

    assertThat(StateProofCheck.problem(new byte[32], good)).isPresent();
  }

  @ParameterizedTest(name = "chain {0}")
  @ValueSource(longs = {1, 8453})
  void problem_refusesStateClaimedForAnAccountProvenAbsent(long chain) {
    JsonNode f = ProofVerifierTest.fixture(chain);
    StateProofCheck.Answer absent = answer(f.path("emptyAccount"));
    assertThat(
            StateProofCheck.problem(
                root(f), with(absent, BigInteger.ONE, absent.accountProof(), List.of())))
        .contains("the account is proven absent but the proof claims state");
    StateProofCheck.Answer zeros =
        new StateProofCheck.Answer(
            absent.address(),
            BigInteger.ZERO,
            BigInteger.ZERO,
            new byte[32],
            new byte[32],
            absent.accountProof(),
            List.of());
    assertThat(StateProofCheck.problem(root(f), zeros)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"address", "storageHash", "key", "stateRoot"})
  void answer_refusesAFieldOfTheWrongSize(String field) {
    JsonNode f = ProofVerifierTest.fixture(8453);
    StateProofCheck.Answer good = answer(f.path("holderToken6"));
    byte[] shortBytes = new byte[5];
    assertThatThrownBy(
            () -> {
              switch (field) {
                case "address" ->
                    new StateProofCheck.Answer(
                        shortBytes,
                        good.nonce(),
                        good.balance(),
                        good.storageHash(),
                        good.codeHash(),
                        good.accountProof(),
                        good.storageProof());
                case "storageHash" ->
                    new StateProofCheck.Answer(
                        good.address(),
                        good.nonce(),
                        good.balance(),
                        shortBytes,
                        good.codeHash(),
                        good.accountProof(),
                        good.storageProof());
                case "key" -> new StateProofCheck.Slot(shortBytes, BigInteger.ONE, List.of());
                default -> StateProofCheck.problem(shortBytes, good);
              }
            })
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(field);
  }

  private static byte[] root(JsonNode fixture) {
    return bytes(ProofVerifierTest.stateRoot(fixture));
  }

  /** The saved node answer as an issuer would hand it over. */
  private static StateProofCheck.Answer answer(JsonNode answer) {
    List<StateProofCheck.Slot> slots = new ArrayList<>();
    for (JsonNode slot : answer.path("storageProof")) {
      slots.add(
          new StateProofCheck.Slot(
              word(slot.path("key").asText()),
              quantity(slot.path("value")),
              nodes(slot.path("proof"))));
    }
    return new StateProofCheck.Answer(
        bytes(answer.path("address").asText()),
        quantity(answer.path("nonce")),
        quantity(answer.path("balance")),
        bytes(answer.path("storageHash").asText()),
        bytes(answer.path("codeHash").asText()),
        nodes(answer.path("accountProof")),
        slots);
  }

  private static StateProofCheck.Answer with(
      StateProofCheck.Answer a,
      BigInteger balance,
      List<byte[]> accountProof,
      List<StateProofCheck.Slot> storageProof) {
    return new StateProofCheck.Answer(
        a.address(), a.nonce(), balance, a.storageHash(), a.codeHash(), accountProof, storageProof);
  }

  private static List<byte[]> nodes(JsonNode array) {
    List<byte[]> nodes = new ArrayList<>();
    array.forEach(n -> nodes.add(bytes(n.asText())));
    return nodes;
  }

  private static BigInteger quantity(JsonNode hex) {
    return new BigInteger(hex.asText().substring(2), 16);
  }

  private static byte[] word(String hex) {
    return bytes("0x" + "0".repeat(66 - hex.length()) + hex.substring(2));
  }

  private static byte[] bytes(String hex) {
    return HEX.parseHex(hex.substring(2));
  }
}
