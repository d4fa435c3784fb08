/**
 * The composition root: the one place that builds the service's object graph, one producer class
 * per feature ({@code AttestWiring}, {@code TrustWiring}, {@code MerchantWiring}, …). Use cases,
 * the chain readers of each family and the one signer are constructed here with {@code new} and
 * handed their ports; the application and domain carry no framework annotations. A producer builds
 * something; none only hands on a bean another producer made (a service that answers more than one
 * port names them in {@code @Typed}).
 */
package org.walletstate.adapters.http.wiring;
