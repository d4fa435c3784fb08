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

  @Test
  void redact_isLinear_inTextAnUpstreamControls() {
    // a revert reason or error text of letters, and of "a://" repeated: the unbounded pattern took
    // minutes on 40,000 characters (each position scanned to the end of the run)
    for (String hostile :
        new String[] {
          "a".repeat(1_000_000), "a://".repeat(250_000), "x://" + "b".repeat(500_000)
        }) {
      long started = System.nanoTime();
      String out = RpcFailureLog.redact(hostile);
      assertThat(java.time.Duration.ofNanos(System.nanoTime() - started))
          .isLessThan(java.time.Duration.ofSeconds(2));
      assertThat(out.length()).isLessThanOrEqualTo(RpcFailureLog.MAX_TEXT + 1);
    }
    assertThat(RpcFailureLog.redact("x".repeat(5_000))).endsWith("…").hasSize(2_001);
  }
}
