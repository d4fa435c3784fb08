package org.walletstate.adapters.chain.embedding;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.adapters.chain.evm.config.EvmChainsConfig;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.attest.AttestService;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.chains.ChainStateByFamily;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;

/**
 * The attest use case composed with {@code new} from the library's jars, as an application that
 * embeds the library does (docs/embedding.md shows the same code). Everything that depends on the
 * use case's constructor is here, in one place.
 */
final class EmbeddedAttest {

  private EmbeddedAttest() {}

  /**
   * The EVM reader for the chains of {@code rpcUrls} (chain id to its JSON-RPC endpoint) behind the
   * chain-state port; close it with the application.
   */
  static ChainStateByFamily evmReader(Map<Long, URI> rpcUrls, Clock clock) {
    List<EvmChainConfig> chains =
        rpcUrls.entrySet().stream()
            .map(
                chain ->
                    EvmChainConfig.of(ChainId.evm(chain.getKey()), List.of(chain.getValue()))
                        .withRequestTimeout(Duration.ofSeconds(15))
                        .withObservationDeadline(Duration.ofSeconds(45)))
            .toList();
    Web3jEvmChainState evm =
        new Web3jEvmChainState(EvmChainsConfig.defaults().onlyWith(chains), clock);
    return new ChainStateByFamily(Map.of(ChainFamily.EVM, evm));
  }

  /**
   * The use case over its ports.
   *
   * @param signing where signing runs: it is CPU work, keep it off I/O threads
   */
  static AttestUseCase attest(
      ChainState chains,
      AttestationSigner signer,
      CreditLedger ledger,
      Clock clock,
      Executor signing) {
    SecureRandom random = new SecureRandom();
    Entropy entropy =
        count -> {
          byte[] bytes = new byte[count];
          random.nextBytes(bytes);
          return bytes;
        };
    return new AttestService(
        chains,
        signer,
        Charging.keyCreditsOnly(new Metering(ledger, clock)),
        entropy,
        clock,
        signing);
  }
}
