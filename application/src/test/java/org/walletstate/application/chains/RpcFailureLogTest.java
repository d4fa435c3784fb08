package org.walletstate.application.chains;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RpcFailureLogTest {

  @Test
  void redact_cutsEveryUrlToHostAndPort() {
    assertThat(
            RpcFailureLog.redact(
                "unexpected end of stream on https://eth.example.com:8545/v2/abcdef0123?key=s3cret"
                    + " (gave up; last on node.example.org)"))
        .isEqualTo(
            "unexpected end of stream on eth.example.com:8545 (gave up; last on node.example.org)");
    assertThat(
            RpcFailureLog.redact("HTTP error: http://user:pw@10.0.0.1/rpc/KEY, then wss://a.b/x"))
        .isEqualTo("HTTP error: 10.0.0.1, then a.b");
    assertThat(RpcFailureLog.redact("no answer within 3000 ms"))
        .isEqualTo("no answer within 3000 ms");
  }
}
