package org.walletstate.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A devnet of one's own: same scenario as the shared one, and nothing left once closed. */
class DevnetLifecycleTest {

  @Test
  void aSecondStart_deploysTheSameAddressesUidsAndHoldings_andCloseLeavesNoProcessBehind() {
    DevnetManifest shared = Devnet.shared().manifest();
    Devnet own = Devnet.start(DevnetOptions.defaults().withStartTimeout(Duration.ofMinutes(2)));
    List<ProcessHandle> processes;
    Path runDir;
    try {
      DevnetManifest mine = own.manifest();
      assertThat(mine.chains().keySet()).isEqualTo(shared.chains().keySet());
      for (long chainId : shared.chains().keySet()) {
        JsonNode a = shared.chain(chainId).json();
        JsonNode b = mine.chain(chainId).json();
        assertThat(mine.chain(chainId).rpcUrl()).isNotEqualTo(shared.chain(chainId).rpcUrl());
        for (String field :
            List.of(
                "readyBlock",
                "contracts",
                "schemas",
                "attestations",
                "indexEntries",
                "delegations",
                "agents",
                "fids",
                "codeStates")) {
          assertThat(b.path(field)).as(chainId + " " + field).isEqualTo(a.path(field));
        }
      }
      assertThat(mine.json().path("wallets")).isEqualTo(shared.json().path("wallets"));

      processes = own.processes();
      assertThat(processes).hasSizeGreaterThanOrEqualTo(1 + shared.chains().size());
      assertThat(processes).allMatch(ProcessHandle::isAlive);
      runDir = Path.of(mine.json().path("runDir").asText());
      assertThat(runDir).isDirectory();
      assertThat(own.rpc(8453).call("eth_chainId").asText()).isEqualTo("0x2105");
    } finally {
      own.close();
    }

    assertThat(processes).noneMatch(ProcessHandle::isAlive);
    for (var chain : own.manifest().chains().values()) {
      assertThat(ProcessHandle.of(chain.anvilPid()).filter(ProcessHandle::isAlive)).isEmpty();
      assertThatThrownBy(() -> own.rpc(chain.chainId()).call("eth_chainId"))
          .isInstanceOf(DevnetException.class);
    }
    assertThat(Files.exists(runDir)).isFalse();
    assertThat(own.isRunning()).isFalse();
    assertThat(Devnet.shared().isRunning()).isTrue();
  }
}
