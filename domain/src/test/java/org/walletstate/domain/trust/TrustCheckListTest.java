package org.walletstate.domain.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;

class TrustCheckListTest {

  private static final TrustCheckList LIST = TrustCheckList.current();
  private static final EvmAddress WALLET =
      EvmAddress.parse("0x70997970c51812dc3a04c8d9cac2a3a7f6e08f8d", "wallet");

  private static List<String> carriedLines() {
    var in = TrustCheckList.class.getResourceAsStream("trust-checks-2026-10-08.tsv");
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
  }

  @Test
  void current_isVersion20261008_with176Checks() {
    assertThat(LIST.version()).isEqualTo("2026-10-08").isEqualTo(TrustCheckList.VERSION);
    assertThat(LIST.checks()).hasSize(176);
  }

  @Test
  void current_hasTheInterfacesCountPerDimension_inTheInterfacesOrder() {
    Map<TrustDimension, Long> counts =
        LIST.checks().stream()
            .collect(Collectors.groupingBy(TrustCheck::dimension, Collectors.counting()));
    for (TrustDimension dimension : TrustDimension.values()) {
      assertThat(counts.get(dimension)).as(dimension.key()).isEqualTo(dimension.checks());
    }
    List<TrustDimension> order =
        LIST.checks().stream().map(TrustCheck::dimension).distinct().toList();
    assertThat(order).containsExactly(TrustDimension.values());
    assertThat(order.stream().map(TrustDimension::key))
        .containsExactly(
            "stablecoins",
            "governance",
            "nfts",
            "staking",
            "institutional_stablecoins",
            "tokenized_treasuries",
            "stablecoin_deposits",
            "wrapped_bitcoin",
            "names",
            "account",
            "solana",
            "xrpl",
            "bitcoin",
            "tron");
  }

  @Test
  void baseProfile_is155ChecksOver27Chains_23OfThemEvm() {
    List<TrustDimension> base = LIST.dimensions(TrustWallets.of(WALLET));
    assertThat(base).hasSize(10);
    assertThat(base.stream().mapToInt(d -> LIST.checks(d).size()).sum())
        .isEqualTo(TrustCheckList.BASE_CHECKS);
    assertThat(LIST.chains(base)).hasSize(27);
    assertThat(LIST.chains(base).stream().filter(Chain::isEvm)).hasSize(23);
  }

  @Test
  void optionalDimensions_followTheirWallet_inTheFixedOrder() {
    SolanaAddress solana =
        SolanaAddress.parse("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "solanaWallet");
    TrustWallets withSolana = new TrustWallets(WALLET, Map.of(ChainFamily.SOLANA, solana));

    assertThat(LIST.dimensions(withSolana)).hasSize(11).endsWith(TrustDimension.SOLANA);
    assertThat(LIST.checks(TrustDimension.SOLANA)).hasSize(14);
  }

  @Test
  void accountRows_aretwoPerChainOn1_8453_42161_10_137() {
    assertThat(
            LIST.checks(TrustDimension.ACCOUNT).stream()
                .map(
                    c -> c.chain().id().toString() + ":" + ((TrustCheck.Code) c.subject()).state()))
        .containsExactly(
            "1:CONTRACT",
            "1:EIP7702",
            "8453:CONTRACT",
            "8453:EIP7702",
            "42161:CONTRACT",
            "42161:EIP7702",
            "10:CONTRACT",
            "10:EIP7702",
            "137:CONTRACT",
            "137:EIP7702");
  }

  @Test
  void parse_refusesAListWithADimensionShortOfItsCount() {
    List<String> lines = new ArrayList<>(carriedLines());
    lines.remove(lines.stream().filter(l -> l.startsWith("names\t")).findFirst().orElseThrow());

    assertThatThrownBy(() -> TrustCheckList.parse("test", lines))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("dimension names has 1 checks, the interface says 2");
  }

  @Test
  void parse_refusesDimensionsOutOfOrder() {
    List<String> lines = new ArrayList<>(carriedLines());
    String nft = lines.stream().filter(l -> l.startsWith("nfts\t")).findFirst().orElseThrow();
    lines.remove(nft);
    lines.add(4, nft);

    assertThatThrownBy(() -> TrustCheckList.parse("test", lines))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("comes after nfts");
  }

  @Test
  void parse_refusesAContractWithABadChecksum_namingTheLine() {
    List<String> lines = new ArrayList<>(carriedLines());
    int at =
        lines.indexOf(lines.stream().filter(l -> l.contains("USDC on Base")).findFirst().get());
    lines.set(
        at,
        lines
            .get(at)
            .replace(
                "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                "0x833589fcd6eDb6E08f4c7C32D4f71b54bdA02913"));

    assertThatThrownBy(() -> TrustCheckList.parse("test", lines))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("line " + (at + 1));
  }

  @Test
  void parse_refusesAnUnsupportedChain() {
    List<String> lines = new ArrayList<>(carriedLines());
    int at =
        lines.indexOf(lines.stream().filter(l -> l.contains("USDC on Base")).findFirst().get());
    String[] cells = lines.get(at).split("\t", -1);
    cells[2] = "1284";
    lines.set(at, String.join("\t", Arrays.asList(cells)));

    assertThatThrownBy(() -> TrustCheckList.parse("test", lines))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("chain 1284 is not supported");
  }
}
