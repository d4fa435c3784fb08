package org.walletstate.domain.evm;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;

/** Recovery by the rules contracts apply (OpenZeppelin ECDSA.recover). */
class Secp256k1Test {

  // the delegation toolkit's vector: digest signed by the well-known test account #0
  private static final Bytes32 DIGEST =
      Bytes32.parse("0xc5c60e81a2940ece0412849506d0735ca184a6e97a866462fd97fb1494491c5c", "digest");
  private static final String R =
      "4fbea68dba382c266bd714495536f1c60497e0885db3137873516c3cc30fa2eb";
  private static final String S =
      "00deb05f62dd34eb687880b062b1b25262d395be17c1128f770ead453870ca43";
  private static final EvmAddress SIGNER =
      EvmAddress.of("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");

  private static Bytes signature(String r, String s, int v) {
    return Bytes.fromHex("0x" + r + s + String.format("%02x", v));
  }

  @Test
  void recover_findsTheSigner() {
    assertThat(Secp256k1.recover(DIGEST, signature(R, S, 0x1c))).contains(SIGNER);
  }

  @Test
  void recover_withTheOtherParity_findsAnotherKey() {
    assertThat(Secp256k1.recover(DIGEST, signature(R, S, 0x1b)))
        .isPresent()
        .get()
        .isNotEqualTo(SIGNER);
  }

  @Test
  void recover_refusesTheHighSTwin() {
    BigInteger highS = Secp256k1.N.subtract(new BigInteger(S, 16));
    assertThat(Secp256k1.recover(DIGEST, signature(R, String.format("%064x", highS), 0x1b)))
        .isEmpty();
  }

  @Test
  void recover_refusesVOtherThan27Or28() {
    assertThat(Secp256k1.recover(DIGEST, signature(R, S, 0x01))).isEmpty();
    assertThat(Secp256k1.recover(DIGEST, signature(R, S, 0x1d))).isEmpty();
  }

  @Test
  void recover_refusesOtherLengthsAndZeroR() {
    assertThat(Secp256k1.recover(DIGEST, Bytes.fromHex("0x" + R + S))).isEmpty();
    assertThat(Secp256k1.recover(DIGEST, signature("00".repeat(32), S, 0x1c))).isEmpty();
  }

  @Test
  void recover_ofAnotherDigest_findsSomeoneElse() {
    Bytes32 other = new Bytes32(Bytes.fromHex("0x" + "11".repeat(32)));
    assertThat(Secp256k1.recover(other, signature(R, S, 0x1c)))
        .isNotEqualTo(java.util.Optional.of(SIGNER));
  }
}
