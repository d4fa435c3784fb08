package org.walletstate.domain.evm.delegation;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.Secp256k1;

/**
 * The delegation hash, domain and digest against the vector the framework's own toolkit
 * ({@code @metamask/smart-accounts-kit} 2.0.0: createDelegation, hashDelegation, signDelegation)
 * produced for an ERC-20 transfer amount scope on Base.
 */
class DelegationTest {

  static final EvmAddress DELEGATOR = EvmAddress.of("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
  static final EvmAddress DELEGATE = EvmAddress.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  static final EvmAddress VALUE_LTE = EvmAddress.of("0x92Bf12322527cAA612fd31a0e810472BBB106A8F");
  static final EvmAddress ERC20_AMOUNT_1_3_0 =
      EvmAddress.of("0xf100b0819427117EcF76Ed94B358B1A5b5C6D2Fc");
  static final String USDC = "833589fcd6edb6e08f4c7c32d4f71b54bda02913";
  static final Bytes SIGNATURE =
      Bytes.fromHex(
          "0x4fbea68dba382c266bd714495536f1c60497e0885db3137873516c3cc30fa2eb"
              + "00deb05f62dd34eb687880b062b1b25262d395be17c1128f770ead453870ca431c");

  /** The toolkit's delegation of the vector. */
  static Delegation vector() {
    return new Delegation(
        DELEGATE,
        DELEGATOR,
        Delegation.ROOT_AUTHORITY,
        List.of(
            new Caveat(VALUE_LTE, Bytes.of(new byte[32])),
            new Caveat(
                ERC20_AMOUNT_1_3_0,
                Bytes.fromHex(
                    "0x" + USDC + Bytes32.of(BigInteger.valueOf(1_000_000)).hex().substring(2)))),
        BigInteger.ONE,
        SIGNATURE);
  }

  @Test
  void typeHashes_areThoseOfTheFramework() {
    assertThat(Delegation.TYPEHASH.hex())
        .isEqualTo("0x88c1d2ecf185adf710588203a5f263f0ff61be0d33da39792cde19ba9aa4331e");
    assertThat(Caveat.TYPEHASH.hex())
        .isEqualTo("0x80ad7e1b04ee6d994a125f4714ca0720908bd80ed16063ec8aee4b88e9253e2d");
  }

  @Test
  void hash_equalsTheToolkitsHashDelegation() {
    assertThat(vector().hash().hex())
        .isEqualTo("0x2f8f7b719685779f43de9baf925ddaa1d78b9932c307684eca3c14a884359b8e");
  }

  @Test
  void digest_equalsTheToolkitsTypedDataDigest_forManager130OnBase() {
    assertThat(vector().digest(8453, DelegationManager.V1_3_0.address()).hex())
        .isEqualTo("0xc5c60e81a2940ece0412849506d0735ca184a6e97a866462fd97fb1494491c5c");
  }

  @Test
  void theToolkitsSignature_recoversTheDelegator() {
    assertThat(
            Secp256k1.recover(vector().digest(8453, DelegationManager.V1_3_0.address()), SIGNATURE))
        .contains(DELEGATOR);
  }

  @Test
  void theSignature_recoversSomeoneElse_underAnotherManagersDomain() {
    Optional<EvmAddress> signer =
        Secp256k1.recover(vector().digest(8453, DelegationManager.V1_1_0.address()), SIGNATURE);
    assertThat(signer).isPresent().isNotEqualTo(Optional.of(DELEGATOR));
  }

  @Test
  void domainSeparators_ofTheThreeManagersOnBase() {
    assertThat(Delegation.domainSeparator(8453, DelegationManager.V1_3_0.address()).hex())
        .isEqualTo("0x8d2d5589afbd2ea476a0a77bdd1af10f0e7813283ad1771e85826f47e7c0a53f");
    assertThat(Delegation.domainSeparator(8453, DelegationManager.V1_1_0.address()).hex())
        .isEqualTo("0x43efece8743b0e282fff966ae4de85d210d871538db93cd6fcc44f792b2c7ac4");
    assertThat(Delegation.domainSeparator(8453, DelegationManager.V1_0_0.address()).hex())
        .isEqualTo("0x9e80f1022bda8209d5c73fb6cc6ba1e71cd4e3ce413abc70118fca03461bd376");
  }

  @Test
  void theCaveatOrder_isPartOfTheHash() {
    Delegation d = vector();
    Delegation swapped =
        new Delegation(
            d.delegate(),
            d.delegator(),
            d.authority(),
            List.of(d.caveats().get(1), d.caveats().get(0)),
            d.salt(),
            d.signature());
    assertThat(swapped.hash()).isNotEqualTo(d.hash());
  }

  @Test
  void theSignature_isNotPartOfTheHash() {
    Delegation d = vector();
    Delegation resigned =
        new Delegation(
            d.delegate(), d.delegator(), d.authority(), d.caveats(), d.salt(), Bytes.of((byte) 1));
    assertThat(resigned.hash()).isEqualTo(d.hash());
  }

  @Test
  void revocationSlot_isTheMappingKeyOfTheHashAtSlotFour_on130() {
    Bytes32 hash = vector().hash();
    assertThat(DelegationManager.V1_3_0.disabledSlot(hash).hex())
        .isEqualTo(
            new Bytes32(
                    Bytes.of(
                        org.walletstate.domain.digest.Keccak256.hash(
                            Bytes.concat(hash.bytes(), Bytes32.of(BigInteger.valueOf(4)).bytes())
                                .toArray())))
                .hex());
    assertThat(DelegationManager.V1_3_0.mappingSlotHex()).isEqualTo("0x4");
    assertThat(DelegationManager.V1_0_0.disabledDelegationsSlot()).isEqualTo(5);
  }
}
