package dev.switchboard;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The package dependencies of DESIGN §11: dependencies point one way, nothing imports {@code api} or
 * {@code admin}, only {@code store} knows SQL, and the top-level packages are free of cycles.
 */
@Timeout(60)
class ArchitectureTest {

    private static final String ROOT = "dev.switchboard";

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    @Test
    void nothingButTheCliImportsApi() {
        nothingButTheCliImports("api").check(CLASSES);
    }

    @Test
    void nothingButTheCliImportsAdmin() {
        nothingButTheCliImports("admin").check(CLASSES);
    }

    @Test
    void onlyStoreKnowsSql() {
        noClasses().that().resideOutsideOfPackage(pkg("store"))
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..")
                .because("store is the only package that knows SQL (DESIGN §11)")
                .check(CLASSES);
    }

    @Test
    void catalogIsTheSharedVocabularyAndDependsOnNoOtherPackage() {
        mayOnlyDependOn("catalog").check(CLASSES);
    }

    @Test
    void protocolDependsOnNoOtherPackage() {
        mayOnlyDependOn("protocol").check(CLASSES);
    }

    @Test
    void upstreamDependsOnlyOnCatalogAndProtocol() {
        mayOnlyDependOn("upstream", "catalog", "protocol").check(CLASSES);
    }

    @Test
    void routingDependsOnlyOnCatalogProtocolUpstreamAndHealth() {
        mayOnlyDependOn("routing", "catalog", "protocol", "upstream", "health").check(CLASSES);
    }

    @Test
    void storeDependsOnlyOnCatalog() {
        mayOnlyDependOn("store", "catalog").check(CLASSES);
    }

    @Test
    void ledgerDependsOnlyOnStoreAndCatalog() {
        mayOnlyDependOn("ledger", "store", "catalog").check(CLASSES);
    }

    @Test
    void accessDependsOnlyOnCatalog() {
        mayOnlyDependOn("access", "catalog").check(CLASSES);
    }

    @Test
    void mockIsStandalone() {
        mayOnlyDependOn("mock").check(CLASSES);
    }

    @Test
    void topLevelPackagesAreFreeOfCycles() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    /** No class outside {@code cli}, {@code Main} and the package itself depends on the package. */
    private static ArchRule nothingButTheCliImports(String name) {
        return noClasses()
                .that().resideOutsideOfPackages(pkg("cli"), pkg(name))
                .and().doNotHaveFullyQualifiedName(ROOT + ".Main")
                .should().dependOnClassesThat().resideInAPackage(pkg(name))
                .because("nothing imports " + name + "; only the cli wires it (DESIGN §11)");
    }

    /**
     * Classes in {@code name} depend on nothing of Switchboard except {@code name} itself and {@code allowed};
     * the JDK and third-party libraries are fine.
     */
    private static ArchRule mayOnlyDependOn(String name, String... allowed) {
        String[] packages = Stream.concat(Stream.of(name), Arrays.stream(allowed))
                .map(ArchitectureTest::pkg)
                .toArray(String[]::new);
        return classes()
                .that().resideInAPackage(pkg(name))
                .should().onlyDependOnClassesThat(resideOutsideOfPackage(ROOT + "..").or(resideInAnyPackage(packages)))
                .because("dependencies point one way (DESIGN §11)")
                .allowEmptyShould(true);
    }

    private static String pkg(String name) {
        return ROOT + "." + name + "..";
    }
}
