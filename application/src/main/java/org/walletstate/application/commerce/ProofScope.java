package org.walletstate.application.commerce;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.walletstate.domain.commerce.Merchant;

/**
 * Where a walletProof for a store may point: the hosts it may name and the URI it must name.
 *
 * @param baseUrl the service's public base URL: its host is a walletProof domain, and a proof's URI
 *     is {@code {baseUrl}/v1/merchants/{merchantId}}
 */
record ProofScope(URI baseUrl) {

  /** The hosts a walletProof may name: the service's, and the store's verified website. */
  List<String> domains(Merchant merchant) {
    List<String> domains = new ArrayList<>();
    String host =
        baseUrl.getPort() > 0 ? baseUrl.getHost() + ":" + baseUrl.getPort() : baseUrl.getHost();
    domains.add(host);
    if (merchant.verification().verified()) {
      merchant.verification().domain().ifPresent(d -> domains.add(d.value()));
    }
    return domains;
  }

  String uri(Merchant merchant) {
    String base = baseUrl.toString();
    if (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    return base + "/v1/merchants/" + merchant.id().value();
  }
}
