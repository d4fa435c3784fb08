package org.walletstate.adapters.chain.evm.web3j;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.response.EthCall;
import org.web3j.protocol.core.methods.response.EthGetBalance;
import org.web3j.protocol.core.methods.response.EthGetProof;

/**
 * How errors of node software other than the devnet's anvil are classified. anvil answers reverts
 * with code 3, which the devnet tests cover; geth without revert data, Besu and older Nethermind
 * word theirs differently, and public endpoints add their own errors.
 */
class Web3jAnswersTest {

  private static final EvmAddress ACCOUNT =
      EvmAddress.of("0x2c971b9f2ae3126cdd6ed998babb3e2af64e418c");
  private static final EvmRequest CALL =
      new EvmRequest.EthCall(ACCOUNT, Bytes.fromHex("0x313ce567"));
  private static final EvmRequest BALANCE = new EvmRequest.EthGetBalance(ACCOUNT);

  @Test
  void proof_acceptsTheAddressInAnyLetterCase_evenWithoutAValidChecksum() {
    EthGetProof.Proof answer = new EthGetProof.Proof();
    answer.setAddress("0x2C971B9F2AE3126CDD6ED998BABB3E2AF64E418c"); // mixed case, not EIP-55
    answer.setNonce("0x0");
    answer.setBalance("0x1");
    answer.setStorageHash(
        "0x" + "56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");
    answer.setCodeHash("0x" + "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    answer.setAccountProof(List.of("0x80"));
    answer.setStorageProof(List.of());

    ReadOutcome outcome =
        Web3jAnswers.proof(new EvmRequest.EthGetProof(ACCOUNT, List.of()), answer);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ReadOutcome.Proof.class,
            proof -> assertThat(proof.proof().address()).isEqualTo(ACCOUNT));
  }

  @Test
  void outcome_readsARevertWithDataAsRevertedWithThatData() {
    assertThat(Web3jAnswers.outcome(CALL, callError(3, "execution reverted: no", "\"0x08c379a0\"")))
        .isEqualTo(new ReadOutcome.Reverted(Bytes.fromHex("0x08c379a0")));
  }

  @Test
  void outcome_readsTheRevertWordingsOfOtherNodesAsReverted() {
    // geth and Erigon without revert data
    assertThat(Web3jAnswers.outcome(CALL, callError(-32000, "execution reverted", null)))
        .isEqualTo(new ReadOutcome.Reverted(Bytes.EMPTY));
    // Besu
    assertThat(Web3jAnswers.outcome(CALL, callError(-32000, "Execution reverted", "\"0x\"")))
        .isEqualTo(new ReadOutcome.Reverted(Bytes.EMPTY));
    // older Nethermind and OpenEthereum
    assertThat(
            Web3jAnswers.outcome(
                CALL, callError(-32015, "VM execution error.", "\"Reverted 0x01\"")))
        .isEqualTo(new ReadOutcome.Reverted(Bytes.fromHex("0x01")));
  }

  @Test
  void outcome_readsOtherErrorsAsFailuresNeverAsReverts() {
    for (String message :
        new String[] {
          "header not found",
          "missing trie node 1234 (path )",
          "out of gas",
          "gas required exceeds allowance (50000000)",
          "invalid opcode: INVALID",
          "rate limit exceeded",
          "request timed out"
        }) {
      assertThat(Web3jAnswers.outcome(CALL, callError(-32000, message, null)))
          .as(message)
          .isInstanceOfSatisfying(
              ReadOutcome.Failed.class,
              failed -> assertThat(failed.detail()).contains("-32000", message));
    }
    assertThat(Web3jAnswers.outcome(CALL, callError(429, "Too Many Requests", null)))
        .isInstanceOf(ReadOutcome.Failed.class);
  }

  @Test
  void outcome_neverReadsARevertOfAnythingButACall() {
    EthGetBalance answer = new EthGetBalance();
    answer.setError(new Response.Error(3, "execution reverted"));

    assertThat(Web3jAnswers.outcome(BALANCE, answer)).isInstanceOf(ReadOutcome.Failed.class);
  }

  @Test
  void outcome_readsResultsOnlyOfTheShapeTheRequestHas() {
    assertThat(Web3jAnswers.outcome(BALANCE, balance("0x1bc16d674ec80000")))
        .isEqualTo(new ReadOutcome.Quantity(new BigInteger("2000000000000000000")));
    assertThat(Web3jAnswers.outcome(BALANCE, balance("0x"))).isInstanceOf(ReadOutcome.Failed.class);
    assertThat(Web3jAnswers.outcome(BALANCE, balance("12"))).isInstanceOf(ReadOutcome.Failed.class);
    assertThat(Web3jAnswers.outcome(BALANCE, balance("0x" + "f".repeat(65))))
        .isInstanceOf(ReadOutcome.Failed.class);
    assertThat(Web3jAnswers.outcome(CALL, call("0x"))).isEqualTo(new ReadOutcome.Data(Bytes.EMPTY));
    assertThat(Web3jAnswers.outcome(CALL, call("0xabc"))).isInstanceOf(ReadOutcome.Failed.class);
    assertThat(Web3jAnswers.outcome(CALL, call("0xabzz")))
        .isEqualTo(new ReadOutcome.Failed("result is not 0x-prefixed hex bytes: 0xabzz"));
    assertThat(Web3jAnswers.outcome(CALL, call("abcd"))).isInstanceOf(ReadOutcome.Failed.class);
    assertThat(Web3jAnswers.outcome(CALL, call("0x+1"))).isInstanceOf(ReadOutcome.Failed.class);
    assertThat(Web3jAnswers.outcome(CALL, call("0xAbCd")))
        .isEqualTo(new ReadOutcome.Data(Bytes.fromHex("0xabcd")));
    assertThat(Web3jAnswers.outcome(CALL, call(null))).isInstanceOf(ReadOutcome.Failed.class);
    assertThat(Web3jAnswers.outcome(CALL, null)).isInstanceOf(ReadOutcome.Failed.class);
  }

  private static EthCall callError(int code, String message, String data) {
    Response.Error error = new Response.Error(code, message);
    error.setData(data);
    EthCall answer = new EthCall();
    answer.setError(error);
    return answer;
  }

  private static EthCall call(String result) {
    EthCall answer = new EthCall();
    answer.setResult(result);
    return answer;
  }

  private static EthGetBalance balance(String result) {
    EthGetBalance answer = new EthGetBalance();
    answer.setResult(result);
    return answer;
  }
}
