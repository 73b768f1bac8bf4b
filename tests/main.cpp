// The shared main of every test executable (one per module).
#define BOOST_TEST_MODULE fecontact
#include <boost/test/unit_test.hpp>
