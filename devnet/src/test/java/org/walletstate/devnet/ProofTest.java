package org.walletstate.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.devnet.DevnetManifest.ChainInfo;
import org.walletstate.devnet.NodeProofChecker.ProofReport;

/** eth_getProof answers from the devnet, checked by the independent node checker. */
@ExtendWith(DevnetExtension.class)
class ProofTest {
  private final Devnet devnet;
  private final DevnetManifest manifest;
  private final NodeProofChecker checker;

  ProofTest(Devnet devnet, DevnetManifest manifest) {
    this.devnet = devnet;
    this.manifest = manifest;
    this.checker = devnet.proofChecker();
  }

  private JsonNode holderDusd(long chainId) {
    return manifest.wallet("holder").holdings(chainId).path("erc20").path("dUSD");
  }

  @Test
  void erc20BalanceProof_verifiesAgainstTheHeader_whoseHashIsRecomputed_onEveryChain() {
    for (ChainInfo chain : manifest.chains().values()) {
      JsonRpc rpc = devnet.rpc(chain.chainId());
      String block = JsonRpc.tag(chain.readyBlock());
      JsonNode header = rpc.block(block);
      String slot = holderDusd(chain.chainId()).path("balanceSlot").asText();
      JsonNode proof = rpc.proof(chain.address("token6"), List.of(slot), block);

      ProofReport report = checker.check(proof, header);

      assertThat(report.ok()).as(report.json().toString()).isTrue();
      assertThat(report.blockHashRecomputed()).isTrue();
      JsonNode storage = report.checks("storage").get(0);
      assertThat(storage.path("included").asBoolean()).isTrue();
      assertThat(JsonRpc.quantity(storage.path("value").asText()))
          .isEqualTo(new BigInteger(holderDusd(chain.chainId()).path("raw").asText()));
    }
  }

  @Test
  void aTamperedBalance_isRejected() {
    ChainInfo base = manifest.chain(8453);
    String block = JsonRpc.tag(base.readyBlock());
    JsonNode header = devnet.rpc(8453).block(block);
    String slot = holderDusd(8453).path("balanceSlot").asText();
    JsonNode proof = devnet.rpc(8453).proof(base.address("token6"), List.of(slot), block);
    ((ObjectNode) proof.path("storageProof").get(0)).put("value", "0x5f5e100");

    ProofReport report = checker.check(proof, header);

    assertThat(report.ok()).isFalse();
    assertThat(report.blockHashRecomputed()).isTrue();
  }

  @Test
  void anUntouchedWallet_isProvenAbsent_andItsTokenSlotProvenZero() {
    ChainInfo chain = manifest.chain(1);
    String block = JsonRpc.tag(chain.readyBlock());
    JsonNode header = devnet.rpc(1).block(block);
    String emptyWallet = manifest.wallet("empty").address();

    ProofReport account = checker.check(devnet.rpc(1).proof(emptyWallet, List.of(), block), header);
    assertThat(account.ok()).isTrue();
    assertThat(account.checks("account").get(0).path("included").asBoolean()).isFalse();

    // keccak256(pad(empty) . pad(0)) is not known here; an arbitrary unused slot is just as absent
    String unused = "0x" + "ab".repeat(32);
    ProofReport slot =
        checker.check(devnet.rpc(1).proof(chain.address("token6"), List.of(unused), block), header);
    assertThat(slot.ok()).isTrue();
    assertThat(slot.checks("storage").get(0).path("included").asBoolean()).isFalse();
    assertThat(slot.checks("storage").get(0).path("value").asText()).isEqualTo("0x0");
  }

  @Test
  void accountProofs_showTheCodeHashOfEachCodeState() {
    ChainInfo base = manifest.chain(8453);
    String block = JsonRpc.tag(base.readyBlock());
    JsonNode header = devnet.rpc(8453).block(block);
    String emptyCode = "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
    int seen = 0;
    for (JsonNode state : base.json().path("codeStates")) {
      String wallet = manifest.wallet(state.path("wallet").asText()).address();
      ProofReport report = checker.check(devnet.rpc(8453).proof(wallet, List.of(), block), header);
      assertThat(report.ok()).as(report.json().toString()).isTrue();
      JsonNode account = report.checks("account").get(0);
      String expect = state.path("expect").asText();
      if (account.path("included").asBoolean()) {
        assertThat(account.path("codeHash").asText()).isEqualTo(state.path("codeHash").asText());
      } else {
        assertThat(expect).isEqualTo("none");
      }
      if (expect.equals("none")) {
        assertThat(state.path("codeHash").asText()).isEqualTo(emptyCode);
      } else {
        assertThat(account.path("codeHash").asText()).isNotEqualTo(emptyCode);
      }
      seen++;
    }
    assertThat(seen).isEqualTo(4);
  }

  @Test
  void aProof_doesNotVerifyAgainstAnotherBlocksStateRoot() {
    ChainInfo chain = manifest.chain(10);
    String slot = holderDusd(10).path("balanceSlot").asText();
    JsonNode proof =
        devnet
            .rpc(10)
            .proof(chain.address("token6"), List.of(slot), JsonRpc.tag(chain.readyBlock()));
    String earlier = devnet.rpc(10).block(JsonRpc.tag(2)).path("stateRoot").asText();

    assertThat(checker.check(proof, earlier).ok()).isFalse();
  }
}
