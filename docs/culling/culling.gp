$d0 << EOD
460 26.583333333333332 0 376.59578474569946 0.097095 0.030341 0.00551
1920 17.13888888888889 0.25 194.13417212030564 0.31172099999999997 0.09924799999999999 0.014793
7476 46.583333333333336 0 98.89515668903151 1.2646160000000002 0.388848 0.008816
29904 27.25 0.25 50.79480534168013 5.69902 1.125291 0.009495
121036 79.25 0.896551724137931 26.69362473459063 15.698989 4.568573000000001 0.010464
EOD
$d1 << EOD
460 112.41666666666667 0.7272727272727273 2.054425833411596 0.34015 0.073701 0.077203
1920 110.91666666666667 0.28 2.0448995710744606 1.4410079999999998 0.277914 0.32670000000000005
7476 609.9166666666666 0.76 2.0388833015025876 6.068407 1.075939 0.549273
29904 346.5833333333333 0.28 2.0464167956552117 20.480049 5.351699 1.1343340000000002
121036 1506.0833333333333 0.8461538461538461 2.0544379014079674 74.681444 11.748479 1.026075
EOD
$d2 << EOD
536 5.23689138576779 0.47023809523809523 35.71117729434265 0.09544699999999999 0.031517 0.095801
1978 4.649935372684188 0.4103150406504065 20.227438563209034 0.315552 0.093169 0.454893
7598 4.471223021582734 0.4125595238095238 12.1417852948218 1.053297 0.334638 2.797251
29976 4.8420050160893435 0.46338242762823767 8.203309867377483 3.023183 1.739111 7.624963
121946 5.06101450947153 0.5154393895207543 6.857530003596791 13.313039 5.279663 33.26855
EOD
$d3 << EOD
536 11.538389513108614 0.44025157232704404 2.0909112597583515 0.362086 0.082705 0.673215
1978 11.273804394657475 0.4308484551250613 2.168469372572193 1.254214 0.16802899999999998 3.648246
7598 11.249620022292026 0.43137819774141506 2.3300946183052997 4.994587 0.6444890000000001 14.327945
29976 11.767946715881129 0.46885839239933647 2.6782547588370385 17.755593 2.887699 41.344348000000004
121946 12.132438423768852 0.5216896921486265 3.4291818193230394 85.48946000000001 11.221953 286.995231
EOD
set terminal pngcairo size 900,600 noenhanced
set logscale x
set xlabel 'patches (faces of both surfaces)'
set key outside right top
set grid
set output 'bv_tests_per_contact.png'
set logscale y
set ylabel 'BV tests per contact pair'
plot $d0 using 1:2 with linespoints title 'sphere_on_block aabb', $d1 using 1:2 with linespoints title 'sphere_on_block obb', $d2 using 1:2 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:2 with linespoints title 'coaxial_cylinders obb'
set output 'false_positive_ratio.png'
unset logscale y
set yrange [0:1]
set ylabel 'false-positive candidates / candidates'
plot $d0 using 1:3 with linespoints title 'sphere_on_block aabb', $d1 using 1:3 with linespoints title 'sphere_on_block obb', $d2 using 1:3 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:3 with linespoints title 'coaxial_cylinders obb'
set output 'tightness.png'
set autoscale y
set logscale y
set ylabel 'patch BV volume / (area x 2 x search distance)'
plot $d0 using 1:4 with linespoints title 'sphere_on_block aabb', $d1 using 1:4 with linespoints title 'sphere_on_block obb', $d2 using 1:4 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:4 with linespoints title 'coaxial_cylinders obb'
set terminal pngcairo size 900,1200 noenhanced
set output 'times.png'
set multiplot layout 3,1
set ylabel 'build time, both trees (ms)'
plot $d0 using 1:5 with linespoints title 'sphere_on_block aabb', $d1 using 1:5 with linespoints title 'sphere_on_block obb', $d2 using 1:5 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:5 with linespoints title 'coaxial_cylinders obb'
set ylabel 'refit time, both trees (ms)'
plot $d0 using 1:6 with linespoints title 'sphere_on_block aabb', $d1 using 1:6 with linespoints title 'sphere_on_block obb', $d2 using 1:6 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:6 with linespoints title 'coaxial_cylinders obb'
set ylabel 'query time, both trees (ms)'
plot $d0 using 1:7 with linespoints title 'sphere_on_block aabb', $d1 using 1:7 with linespoints title 'sphere_on_block obb', $d2 using 1:7 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:7 with linespoints title 'coaxial_cylinders obb'
unset multiplot
