package org.walletstate.domain.solana;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.SolanaAddress;

class ProgramAddressTest {

  private static final SolanaAddress OWNER =
      SolanaAddress.of("A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd");
  private static final SolanaAddress MINT =
      SolanaAddress.of("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR");
  private static final SolanaAddress TOKEN =
      SolanaAddress.of("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
  private static final SolanaAddress ASSOCIATED =
      SolanaAddress.of("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");

  @Test
  void find_derivesTheDocumentedAssociatedTokenAccount_atBump254() {
    ProgramAddress.Found found =
        ProgramAddress.find(List.of(OWNER.bytes(), TOKEN.bytes(), MINT.bytes()), ASSOCIATED);

    assertThat(found.address().text()).isEqualTo("BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA");
    assertThat(found.bump()).isEqualTo(254);
  }

  @Test
  void onCurve_isTrueForWalletKeys_andFalseForProgramAddresses() {
    assertThat(ProgramAddress.onCurve(OWNER.bytes())).isTrue();
    assertThat(
            ProgramAddress.onCurve(
                SolanaAddress.of("BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA").bytes()))
        .isFalse();
  }

  @Test
  void associatedTokenAccount_isTheFindOverOwnerProgramMint() {
    assertThat(ProgramAddress.associatedTokenAccount(OWNER, MINT, TOKEN).text())
        .isEqualTo("BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA");
  }
}
