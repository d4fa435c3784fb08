package org.walletstate.adapters.chain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.adapter;
import static org.walletstate.adapters.chain.evm.testing.Adapters.contract;
import static org.walletstate.adapters.chain.evm.testing.Adapters.impatient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;
import static org.walletstate.adapters.chain.evm.testing.Adapters.wallet;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.walletstate.adapters.chain.ChainReaderContract;
import org.walletstate.adapters.chain.evm.testing.RpcProxy;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;

/**
 * The web3j reader held to {@link ChainReaderContract} on the devnet's chain 1, where no funded
 * wallet ever sends a transaction, so the manifest's balances are exact. A broken node is a
 * loopback proxy in front of the devnet that fails or hangs every call. The EVM-only behaviour
 * (follow-up rounds, reverts, proofs, batching, retries) is pinned by the other tests of this
 * package.
 */
class EvmChainStateContractTest extends ChainReaderContract {

  private static final long CHAIN = 1;

  private static Devnet devnet;
  private static DevnetManifest m;
  private static Web3jEvmChainState reader;

  private final List<AutoCloseable> broken = new ArrayList<>();

  @BeforeAll
  static void connect() {
    devnet = Devnet.shared();
    m = devnet.manifest();
    reader = adapter(patient(CHAIN, devnet.rpcUrl(CHAIN)));
  }

  @AfterAll
  static void disconnect() {
    reader.close();
  }

  @AfterEach
  void closeBrokenNodes() throws Exception {
    for (AutoCloseable closeable : broken) {
      closeable.close();
    }
  }

  private static EvmAddress usdc() {
    return contract(m, CHAIN, "usdc");
  }

  @Override
  protected ChainId chain() {
    return ChainId.evm(CHAIN);
  }

  @Override
  protected ChainState reader() {
    return reader;
  }

  @Override
  protected void assertAnchoredAtTheNode(Anchor anchor) {
    assertThat(anchor).isInstanceOf(Anchor.EvmBlock.class);
    assertThat(((Anchor.EvmBlock) anchor).number().longValueExact())
        .isGreaterThanOrEqualTo(m.chain(CHAIN).readyBlock())
        .isLessThanOrEqualTo(devnet.rpc(CHAIN).blockNumber());
  }

  @Override
  protected Expected<BigInteger> nativeBalance() {
    return new Expected<>(
        new EvmRead.NativeBalance(wallet(m, "holder")),
        new BigInteger(m.wallet("holder").holdings(CHAIN).path("native").path("raw").asText()));
  }

  @Override
  protected Optional<Expected<?>> tokenBalance() {
    return Optional.of(
        new Expected<>(
            new EvmRead.Erc20BalanceOf(usdc(), wallet(m, "holder")),
            m.wallet("holder").erc20Raw(CHAIN, "USDC")));
  }

  @Override
  protected Optional<Expected<?>> decimals() {
    return Optional.of(new Expected<>(new EvmRead.Erc20Decimals(usdc()), TokenDecimals.of(6)));
  }

  /** An account that never received anything holds nothing, of ether or of a token. */
  @Override
  protected List<Expected<?>> unknownAccount() {
    EvmAddress nobody = EvmAddress.of("0x" + "5e".repeat(20));
    return List.of(
        new Expected<>(new EvmRead.NativeBalance(nobody), BigInteger.ZERO),
        new Expected<>(new EvmRead.Erc20BalanceOf(usdc(), nobody), BigInteger.ZERO));
  }

  @Override
  protected ChainState brokenNode(Fault fault) {
    RpcProxy proxy = RpcProxy.inFrontOf(devnet.rpcUrl(CHAIN));
    proxy.otherwise(fault == Fault.FAILING ? RpcProxy.status(503) : RpcProxy.hang());
    Web3jEvmChainState impatient = adapter(impatient(CHAIN, proxy.url()));
    broken.add(impatient);
    broken.add(proxy);
    return impatient;
  }

  /** The impatient settings give up after 4 s; a loaded machine may add some. */
  @Override
  protected Duration hangingBound() {
    return Duration.ofSeconds(30);
  }
}
