package org.walletstate.application.attest.port.in.condition;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.condition.Erc7710Delegation;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.delegation.Caveat;
import org.walletstate.domain.evm.delegation.CaveatEnforcers;
import org.walletstate.domain.evm.delegation.Delegation;
import org.walletstate.domain.evm.delegation.DelegationManager;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads an {@code erc7710_delegation} condition from a request: chain 8453, a recognized {@code
 * delegationManager}, the {@code expectedDelegator}, and the root {@code delegation} with its
 * caveats (each decodable by its enforcer), salt and signature; anything else is a precise 400.
 */
final class Erc7710DelegationParser {

  private static final Pattern HEX_BYTES = Pattern.compile("0x(?:[0-9a-fA-F]{2})*");
  private static final Pattern HEX_SALT = Pattern.compile("0x[0-9a-fA-F]{1,64}");
  private static final Pattern DECIMAL_SALT = Pattern.compile("0|[1-9][0-9]{0,77}");

  private Erc7710DelegationParser() {}

  static Erc7710Delegation parse(Fields fields, KeyVersion key) {
    Chain chain =
        ConditionMembers.evmChainOnly(
            fields, Erc7710Delegation.TYPE, Erc7710Delegation.DELEGATION_CHAIN);
    EvmAddress managerAddress =
        EvmAddress.parse(
            fields.requiredText("delegationManager"), fields.path("delegationManager"));
    DelegationManager manager =
        DelegationManager.at(managerAddress)
            .orElseThrow(
                () ->
                    new ValidationException(
                        fields.path("delegationManager")
                            + " "
                            + managerAddress.checksummed()
                            + " is not a recognized DelegationManager on chain 8453 (versions"
                            + " 1.0.0, 1.1.0, 1.3.0)"));
    EvmAddress expectedDelegator =
        EvmAddress.parse(
            fields.requiredText("expectedDelegator"), fields.path("expectedDelegator"));
    Fields delegation = object(fields, "delegation");
    EvmAddress delegator =
        EvmAddress.parse(delegation.requiredText("delegator"), delegation.path("delegator"));
    EvmAddress delegate =
        EvmAddress.parse(delegation.requiredText("delegate"), delegation.path("delegate"));
    Bytes32 authority =
        Bytes32.parse(delegation.requiredText("authority"), delegation.path("authority"));
    if (!authority.equals(Delegation.ROOT_AUTHORITY)) {
      throw new ValidationException(
          delegation.path("authority")
              + " must be the root authority 0x"
              + "f".repeat(64)
              + ": delegation chains are not supported");
    }
    List<Caveat> caveats = caveats(delegation);
    BigInteger salt = salt(delegation);
    Bytes signature = hex(delegation, "signature");
    if (signature.isEmpty()) {
      throw new ValidationException(delegation.path("signature") + " must not be empty");
    }
    return new Erc7710Delegation(
        ChainCatalogue.require(Erc7710Delegation.DELEGATION_CHAIN),
        manager,
        expectedDelegator,
        new Delegation(delegate, delegator, authority, caveats, salt, signature));
  }

  private static Fields object(Fields fields, String member) {
    RequestValue value = fields.get(member);
    if (value.isMissing()) {
      throw new ValidationException(fields.path(member) + " is required");
    }
    if (!(value instanceof RequestValue.Obj object)) {
      throw new ValidationException(
          fields.path(member) + " must be an object, not " + value.kind());
    }
    return Fields.of(object, fields.path(member));
  }

  private static List<Caveat> caveats(Fields delegation) {
    RequestValue value = delegation.get("caveats");
    if (value.isMissing()) {
      throw new ValidationException(delegation.path("caveats") + " is required");
    }
    if (!(value instanceof RequestValue.Arr array)) {
      throw new ValidationException(
          delegation.path("caveats") + " must be an array, not " + value.kind());
    }
    if (array.items().size() > Erc7710Delegation.MAX_CAVEATS) {
      throw new ValidationException(
          delegation.path("caveats")
              + " has "
              + array.items().size()
              + " caveats; at most "
              + Erc7710Delegation.MAX_CAVEATS
              + " are allowed");
    }
    List<Caveat> caveats = new ArrayList<>();
    for (int i = 0; i < array.items().size(); i++) {
      String path = delegation.path("caveats") + "[" + i + "]";
      if (!(array.items().get(i) instanceof RequestValue.Obj object)) {
        throw new ValidationException(
            path + " must be an object, not " + array.items().get(i).kind());
      }
      Fields caveat = Fields.of(object, path);
      EvmAddress enforcer =
          EvmAddress.parse(caveat.requiredText("enforcer"), caveat.path("enforcer"));
      Bytes terms = hex(caveat, "terms");
      if (caveat.has("args")) {
        hex(caveat, "args");
      }
      Caveat parsed = new Caveat(enforcer, terms);
      try {
        CaveatEnforcers.decode(parsed);
      } catch (IllegalArgumentException e) {
        throw new ValidationException(caveat.path("terms") + ": " + e.getMessage());
      }
      caveats.add(parsed);
    }
    return caveats;
  }

  private static BigInteger salt(Fields delegation) {
    String text = delegation.requiredText("salt");
    if (HEX_SALT.matcher(text).matches()) {
      return new BigInteger(text.substring(2), 16);
    }
    if (DECIMAL_SALT.matcher(text).matches()) {
      BigInteger value = new BigInteger(text);
      if (value.bitLength() <= 256) {
        return value;
      }
    }
    throw new ValidationException(
        delegation.path("salt")
            + " must be a uint256 as 0x-prefixed hex (at most 64 digits) or a decimal string");
  }

  private static Bytes hex(Fields fields, String member) {
    String text = fields.requiredText(member);
    if (!HEX_BYTES.matcher(text).matches()) {
      throw new ValidationException(
          fields.path(member) + " must be bytes as 0x followed by an even number of hex digits");
    }
    return Bytes.fromHex(text);
  }
}
